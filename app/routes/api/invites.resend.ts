import type { Route } from "./+types/invites.resend";
import { apiHandler, jsonError } from "~/server/http.server";
import { requireAdmin } from "~/server/guards.server";
import { resendInvite, toInviteJson } from "~/services/members/invites.server";

// POST /api/invites/{id}/resend: e-mail the link again; the answer carries the new updatedAt (admins).
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method Not Allowed");
  return apiHandler(async () => {
    const admin = await requireAdmin(request);
    return Response.json(toInviteJson(await resendInvite(admin, params.inviteId)));
  });
}

export const loader = () => jsonError(405, "Method Not Allowed");
