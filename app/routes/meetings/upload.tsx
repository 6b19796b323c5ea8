import type { Route } from "./+types/upload";
import { Placeholder } from "~/components/placeholder";
import { requireMember } from "~/server/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request);
  return null;
}

export default function MeetingUploadPage() {
  return <Placeholder title="Upload Photos">Meetings arrive with a later issue.</Placeholder>;
}
