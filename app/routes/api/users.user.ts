import { ProfilePatchSchema } from "~/lib/member-schemas";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { newSessionFor } from "~/services/auth/session.server";
import { toggleDeactivation } from "~/services/members/deactivation.server";
import { findMemberForViewer, toUserJson } from "~/services/members/members.server";
import { updateProfile } from "~/services/members/profile.server";

// GET /api/users/{id}: the member as the viewer may see them.
// PATCH (or PUT) /api/users/{id}: edit a profile; DELETE: deactivate/reactivate (admins).
const resource = apiRoute({
  params: { userId: idParam("Member not found.") },
  methods: ({ anyone, member, admin }) => {
    const update = member({ body: ProfilePatchSchema }, async ({ request, member, params, body, clientAddress }) => {
      const saved = await updateProfile(member, params.userId, body, clientAddress);
      // A new password ends every session; the member who changed it stays logged in here.
      const headers =
        saved.passwordChanged && saved.member.id === member.id
          ? { "Set-Cookie": await newSessionFor(request, member.id) }
          : undefined;
      return Response.json(toUserJson(saved.member), { headers });
    });
    return {
      GET: anyone(({ viewer, params }) => findMemberForViewer(viewer, params.userId)),
      PATCH: update,
      PUT: update,
      DELETE: admin(async ({ member, params }) => toUserJson(await toggleDeactivation(member, params.userId))),
    };
  },
});

export const loader = resource.loader;
export const action = resource.action;
