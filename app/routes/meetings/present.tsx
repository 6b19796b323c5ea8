import type { Route } from "./+types/present";
import { PresenterScreen } from "~/components/presenter/presenter-screen";
import { meetingSortFromCookie } from "~/lib/meeting-order";
import type { RouteHandle } from "~/lib/route-handle";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { competitionScreen } from "~/services/competitions/entry-screen.server";
import { meetingView } from "~/services/meetings/meeting-view.server";
import { loadMeeting } from "~/services/meetings/meetings.server";
import { meetingIdOf } from "./meeting-forms.server";
import { presenterData } from "./presenter-data.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /meetings/{id}/present: the presenter's screen, the one
// window a host shares on the call: the photo on black, as large as the screen
// allows, following the review room's lead. Members only, like the meeting.
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const member = await requireMember(request);
  const meetingId = meetingIdOf(params);
  const sort = meetingSortFromCookie(request.headers.get("Cookie"));
  const view = await meetingView(member, meetingId, sort);
  const competition =
    view.meeting.kind === "competition" ? await competitionScreen(member, await loadMeeting(meetingId)) : null;
  return presenterData(view, competition);
});

/** No navbar, flash banner or footer: the screen is the photo (app/root.tsx reads this). */
export const handle: RouteHandle = { ownScreen: true };

export default function PresentPage({ loaderData }: Route.ComponentProps) {
  return <PresenterScreen {...loaderData} />;
}
