import type { Route } from "./+types/index";
import { Placeholder } from "~/components/placeholder";
import { requireMember } from "~/server/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request);
  return null;
}

export default function MeetingIndexPage() {
  return <Placeholder title="Meetings">Meetings arrive with a later issue.</Placeholder>;
}
