import type { Route } from "./+types/invites.invite";
import { apiHandler, jsonError } from "~/server/http.server";
import { requireAdmin } from "~/server/guards.server";
import { findInvite, revokeInvite, toInviteJson } from "~/services/members/invites.server";

// GET /api/invites/{id}: anyone holding the link may read the invite it names
// (the sign-up page does); the id is the secret.
export async function loader({ params }: Route.LoaderArgs) {
  return apiHandler(async () => Response.json(toInviteJson(await findInvite(params.inviteId))));
}

// DELETE /api/invites/{id}: revoke (admins).
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return jsonError(405, "Method Not Allowed");
  return apiHandler(async () => {
    const admin = await requireAdmin(request);
    return Response.json(toInviteJson(await revokeInvite(admin, params.inviteId)));
  });
}
