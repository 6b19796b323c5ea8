import type { Route } from "./+types/invites.accept";
import { apiHandler, jsonError, readJson } from "~/server/http.server";
import { acceptInvite } from "~/services/members/invites.server";
import { createSession } from "~/services/auth/session.server";
import { toUserJson } from "~/services/members/members.server";

// POST (or PUT) /api/invites/{id}/accept {firstName, lastName, username, email,
// password, confirmPassword}: creates the member and logs them in.
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "PUT") return jsonError(405, "Method Not Allowed");
  return apiHandler(async () => {
    const member = await acceptInvite(params.inviteId, await readJson(request));
    return Response.json(toUserJson(member), {
      status: 201,
      headers: { "Set-Cookie": await createSession(member.id) },
    });
  });
}

export const loader = () => jsonError(405, "Method Not Allowed");
