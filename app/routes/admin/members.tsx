import type { Route } from "./+types/members";
import { Placeholder } from "~/components/placeholder";
import { requireAdmin } from "~/services/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminMembersPage() {
  return <Placeholder title="Manage Members">Member management arrives with the members issue.</Placeholder>;
}
