import { useActionData } from "react-router";
import type { Route } from "./+types/new";
import { NewMeetingForm } from "~/components/meetings/meeting-form";
import { PageTitle } from "~/components/page-title";
import "~/components/meetings.css";
import "~/components/meeting-view.css";
import "~/components/meeting-submissions.css";
import { NewMeetingSchema } from "~/lib/meeting-schemas";
import { MEETING_CREATED_MESSAGE } from "~/lib/meetings";
import { idParam } from "~/services/id-params.server";
import { redirectWithFlash } from "~/server/flash.server";
import { invalidForm, parseForm, replyToRefusal } from "~/server/forms.server";
import { requireAdmin } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { clubTimeZone } from "~/services/meetings/club-zone.server";
import { meetingMemberChoices } from "~/services/meetings/meeting-members.server";
import { createMeeting } from "~/services/meetings/meetings.server";
import { meetingDraft } from "~/services/meetings/meeting-drafts.server";
import { TEMPLATE_NOT_FOUND_MESSAGE } from "~/services/meetings/templates.server";
import { readMeetingForm } from "./meeting-forms.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /meetings/new, or /meetings/new?meetingTemplateId={id}: the next meeting of a recurring one,
// starting `frequency` calendar days after its latest on the club's clock, or on
// the same weekday of the next month for a monthly one; its topic left for the night's own.
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireAdmin(request);
  const raw = new URL(request.url).searchParams.get("meetingTemplateId");
  const templateId = raw ? idParam(TEMPLATE_NOT_FOUND_MESSAGE)(raw) : null;
  const [draft, members] = await Promise.all([meetingDraft(admin, templateId), meetingMemberChoices(admin)]);
  return {
    draft,
    members,
    timeZone: clubTimeZone(),
    templateTitle: draft.series?.title ?? null,
  };
});

export const action = page(async ({ request }: Route.ActionArgs) => {
  const admin = await requireAdmin(request);
  const submission = await parseForm(request, NewMeetingSchema, await readMeetingForm(request));
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await createMeeting(admin, submission.value);
  } catch (error) {
    return replyToRefusal(submission, error);
  }
  return redirectWithFlash("/meetings", MEETING_CREATED_MESSAGE);
});

export default function NewMeetingPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { draft, members, timeZone, templateTitle } = loaderData;
  const title = draft.meetingTemplateId ? "Create Next Meeting" : "New Meeting";
  return (
    <section className="meeting-form-page">
      <PageTitle>{title}</PageTitle>
      <h1>{title}</h1>
      <NewMeetingForm
        draft={draft}
        members={members}
        timeZone={timeZone}
        templateTitle={templateTitle}
        lastResult={actionData?.result}
      />
    </section>
  );
}
