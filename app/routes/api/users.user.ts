import { z } from "zod";
import type { Route } from "./+types/users.user";
import { apiHandler, HttpError, jsonError, readJson } from "~/server/http.server";
import { requireAdmin, requireMember } from "~/server/guards.server";
import { toggleDeactivation } from "~/services/members/deactivation.server";
import { createSession, currentMember } from "~/services/auth/session.server";
import { parseProfilePatch, profileToEdit, updateProfile } from "~/services/members/profile.server";
import { findMemberForViewer, toUserJson } from "~/services/members/members.server";

function memberId(params: { userId: string }): number {
  const id = z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .safeParse(params.userId);
  if (!id.success) throw new HttpError(404, "Member not found.");
  return id.data;
}

// GET /api/users/{id}: the member as the viewer may see them.
export async function loader({ request, params }: Route.LoaderArgs) {
  return apiHandler(async () =>
    Response.json(await findMemberForViewer(memberId(params), await currentMember(request))),
  );
}

// PATCH (or PUT) /api/users/{id}: edit a profile; DELETE: deactivate/reactivate (admins).
export async function action({ request, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const id = memberId(params);
    if (request.method === "PATCH" || request.method === "PUT") {
      const editor = await requireMember(request);
      const target = await profileToEdit(editor, { id });
      const input = parseProfilePatch(target, await readJson(request));
      const { member, passwordChanged } = await updateProfile(editor, id, input);
      // A new password ends every session; the member who changed it stays logged in here.
      const headers =
        passwordChanged && member.id === editor.id ? { "Set-Cookie": await createSession(member.id) } : undefined;
      return Response.json(toUserJson(member), { headers });
    }
    if (request.method === "DELETE") {
      const admin = await requireAdmin(request);
      return Response.json(toUserJson(await toggleDeactivation(admin, id)));
    }
    return jsonError(405, "Method Not Allowed");
  });
}
