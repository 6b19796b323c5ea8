import type { Route } from "./+types/comments";
import { Placeholder } from "~/components/placeholder";
import { requireMember } from "~/server/guards.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request);
  return null;
}

export default function CommentsPage() {
  return <Placeholder title="Comments">Comments arrive with a later issue.</Placeholder>;
}
