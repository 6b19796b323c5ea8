import type { Route } from "./+types/template-edit";
import { Placeholder } from "~/components/placeholder";
import { requireAdmin } from "~/server/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function MeetingTemplateEditPage() {
  return <Placeholder title="Edit Recurring Meeting">Meetings arrive with a later issue.</Placeholder>;
}
