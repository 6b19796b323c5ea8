import { apiRoute } from "~/server/api.server";
import { textParam } from "~/services/id-params.server";
import { findInvite, INVITE_NOT_FOUND_MESSAGE, revokeInvite, toInviteJson } from "~/services/members/invites.server";

// GET /api/invites/{id}: anyone holding the link may read the invite it names
// (the sign-up page does); the id is the secret.
// DELETE /api/invites/{id}: revoke (admins).
const resource = apiRoute({
  params: { inviteId: textParam(INVITE_NOT_FOUND_MESSAGE) },
  methods: ({ anyone, admin }) => ({
    GET: anyone(async ({ params }) => toInviteJson(await findInvite(params.inviteId))),
    DELETE: admin(async ({ member, params }) => toInviteJson(await revokeInvite(member, params.inviteId))),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
