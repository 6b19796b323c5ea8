import type { Route } from "./+types/edit";
import { Placeholder } from "~/components/placeholder";
import { requireMember } from "~/services/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request);
  return null;
}

export default function EditProfilePage() {
  return <Placeholder title="Edit Profile">Profile editing arrives with the members issue.</Placeholder>;
}
