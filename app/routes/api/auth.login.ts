import { INVALID_LOGIN_MESSAGE, LoginSchema } from "~/lib/account-schemas";
import { apiRoute } from "~/server/api.server";
import { logIn } from "~/services/auth/login.server";
import { newSessionFor } from "~/services/auth/session.server";
import { toUserJson } from "~/services/members/members.server";

// POST /api/auth/login {email (email or username), password} -> the user.
const resource = apiRoute({
  methods: ({ anyone }) => ({
    POST: anyone(
      { body: LoginSchema, invalidMessage: INVALID_LOGIN_MESSAGE },
      async ({ request, body, clientAddress }) => {
        const member = await logIn(body, clientAddress);
        return Response.json(toUserJson(member), {
          headers: { "Set-Cookie": await newSessionFor(request, member.id) },
        });
      },
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
