import type { Route } from "./+types/edit";
import { Placeholder } from "~/components/placeholder";
import { requireAdmin } from "~/server/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function MeetingEditPage() {
  return <Placeholder title="Edit Meeting">Meetings arrive with a later issue.</Placeholder>;
}
