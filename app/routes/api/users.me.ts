import type { Route } from "./+types/users.me";
import { currentMember } from "~/services/auth/session.server";
import { toUserJson } from "~/services/members/members.server";

// GET /api/users/me: the logged-in member, or 204 when logged out (spec section 4).
export async function loader({ request }: Route.LoaderArgs) {
  const member = await currentMember(request);
  return member ? Response.json(toUserJson(member)) : new Response(null, { status: 204 });
}
