import type { Route } from "./+types/new";
import { Placeholder } from "~/components/placeholder";
import { requireAdmin } from "~/server/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function MeetingNewPage() {
  return <Placeholder title="New Meeting">Meetings arrive with a later issue.</Placeholder>;
}
