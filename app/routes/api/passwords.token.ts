import type { Route } from "./+types/passwords.token";
import { apiHandler, jsonError, readJson } from "~/server/http.server";
import { checkResetToken, resetPassword } from "~/services/members/passwords.server";
import { createSession } from "~/services/auth/session.server";
import { toUserJson } from "~/services/members/members.server";

// GET /api/passwords/{token}: 200 while the link works, 404 invalid, 410 expired.
export async function loader({ params }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const { expiresAt } = await checkResetToken(params.token);
    return Response.json({ expiresAt: expiresAt.toISOString() });
  });
}

// PATCH (or PUT) /api/passwords/{token} {password}: set the new password and log in.
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "PUT") return jsonError(405, "Method Not Allowed");
  return apiHandler(async () => {
    const member = await resetPassword(params.token, await readJson(request));
    const headers = member.deactivatedAt ? undefined : { "Set-Cookie": await createSession(member.id) };
    return Response.json(toUserJson(member), { headers });
  });
}
