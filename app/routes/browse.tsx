import type { Route } from "./+types/browse";
import { Placeholder } from "~/components/placeholder";
import { requireMember } from "~/services/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request);
  return null;
}

export default function BrowsePage() {
  return <Placeholder title="Browse">No photos yet.</Placeholder>;
}
