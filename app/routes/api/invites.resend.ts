import { apiRoute } from "~/server/api.server";
import { textParam } from "~/services/id-params.server";
import { INVITE_NOT_FOUND_MESSAGE, resendInvite, toInviteJson } from "~/services/members/invites.server";

// POST /api/invites/{id}/resend: e-mail the link again; the answer carries the new updatedAt (admins).
const resource = apiRoute({
  params: { inviteId: textParam(INVITE_NOT_FOUND_MESSAGE) },
  methods: ({ admin }) => ({
    POST: admin(async ({ member, params }) => toInviteJson(await resendInvite(member, params.inviteId))),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
