import type { Route } from "./+types/invites";
import { apiHandler, jsonError, readJson } from "~/server/http.server";
import { requireAdmin } from "~/server/guards.server";
import { createInvite, listOpenInvites, toInviteJson } from "~/services/members/invites.server";

// GET /api/invites: the pending invites (admins).
export async function loader({ request }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireAdmin(request);
    return Response.json((await listOpenInvites()).map(toInviteJson));
  });
}

// POST /api/invites {firstName, lastName, email, message}: invite a person by e-mail (admins).
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method Not Allowed");
  return apiHandler(async () => {
    const admin = await requireAdmin(request);
    const invite = await createInvite(admin, await readJson(request));
    return Response.json(toInviteJson(invite), { status: 201 });
  });
}
