import { redirect } from "react-router";
import type { Route } from "./+types/member";
import { currentMember } from "~/services/auth/session.server";

// /members/{username}: members see everything ('all'); visitors start at last year's portfolio.
export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await currentMember(request);
  const year = member ? "all" : String(new Date().getFullYear() - 1);
  return redirect(`/members/${encodeURIComponent(params.username)}/${year}`);
}
