import type { Route } from "./+types/member-edit";
import { Placeholder } from "~/components/placeholder";
import { requireAdmin } from "~/services/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminMemberEditPage() {
  return <Placeholder title="Edit Member">Member management arrives with the members issue.</Placeholder>;
}
