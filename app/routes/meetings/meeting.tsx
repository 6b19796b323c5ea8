import type { Route } from "./+types/meeting";
import { Placeholder } from "~/components/placeholder";
import { requireMember } from "~/server/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request);
  return null;
}

export default function MeetingMeetingPage() {
  return <Placeholder title="Meeting">Meetings arrive with a later issue.</Placeholder>;
}
