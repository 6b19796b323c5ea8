import { PASSWORD_RULE_MESSAGE } from "~/lib/account-schemas";
import { ResetPasswordSchema } from "~/lib/member-schemas";
import { apiRoute } from "~/server/api.server";
import { textParam } from "~/services/id-params.server";
import { newSessionFor } from "~/services/auth/session.server";
import { toUserJson } from "~/services/members/members.server";
import { checkResetToken, INVALID_RESET_LINK_MESSAGE, resetPassword } from "~/services/members/passwords.server";

// GET /api/passwords/{token}: 200 while the link works, 404 invalid, 410 expired.
// PATCH (or PUT) /api/passwords/{token} {password}: set the new password and log in.
const resource = apiRoute({
  params: { token: textParam(INVALID_RESET_LINK_MESSAGE) },
  methods: ({ anyone }) => {
    const reset = anyone(
      { body: ResetPasswordSchema, invalidMessage: PASSWORD_RULE_MESSAGE },
      async ({ request, params, body }) => {
        const member = await resetPassword(params.token, body);
        const headers = member.deactivatedAt ? undefined : { "Set-Cookie": await newSessionFor(request, member.id) };
        return Response.json(toUserJson(member), { headers });
      },
    );
    return {
      GET: anyone(async ({ params }) => ({ expiresAt: (await checkResetToken(params.token)).expiresAt.toISOString() })),
      PATCH: reset,
      PUT: reset,
    };
  },
});

export const loader = resource.loader;
export const action = resource.action;
