import type { Route } from "./+types/account";
import { Placeholder } from "~/components/placeholder";
import { requireMember } from "~/services/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request);
  return null;
}

export default function AccountPage() {
  return <Placeholder title="Account" />;
}
