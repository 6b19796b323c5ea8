import { NewMemberSchema } from "~/lib/account-schemas";
import { apiRoute } from "~/server/api.server";
import { textParam } from "~/services/id-params.server";
import { newSessionFor } from "~/services/auth/session.server";
import { acceptInvite, INVITE_NOT_FOUND_MESSAGE } from "~/services/members/invites.server";
import { toUserJson } from "~/services/members/members.server";

// POST (or PUT) /api/invites/{id}/accept {firstName, lastName, username, email,
// password, confirmPassword}: creates the member and logs them in.
const resource = apiRoute({
  params: { inviteId: textParam(INVITE_NOT_FOUND_MESSAGE) },
  methods: ({ anyone }) => {
    const accept = anyone({ body: NewMemberSchema }, async ({ request, params, body }) => {
      const member = await acceptInvite(params.inviteId, body);
      return Response.json(toUserJson(member), {
        status: 201,
        headers: { "Set-Cookie": await newSessionFor(request, member.id) },
      });
    });
    return { POST: accept, PUT: accept };
  },
});

export const loader = resource.loader;
export const action = resource.action;
