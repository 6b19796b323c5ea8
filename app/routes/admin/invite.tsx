import type { Route } from "./+types/invite";
import { Placeholder } from "~/components/placeholder";
import { requireAdmin } from "~/services/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminInvitePage() {
  return <Placeholder title="Invite Member">Member management arrives with the members issue.</Placeholder>;
}
