import { EMAIL_NOT_FOUND_MESSAGE, ForgotPasswordSchema, RESET_REQUESTED_MESSAGE } from "~/lib/member-schemas";
import { apiRoute } from "~/server/api.server";
import { requestPasswordReset } from "~/services/members/passwords.server";

// POST /api/passwords {email}: e-mail a reset link ('Email not found.' as 422 otherwise).
const resource = apiRoute({
  methods: ({ anyone }) => ({
    POST: anyone(
      { body: ForgotPasswordSchema, invalidMessage: EMAIL_NOT_FOUND_MESSAGE },
      async ({ body, clientAddress }) => {
        await requestPasswordReset(body, clientAddress);
        return { message: RESET_REQUESTED_MESSAGE };
      },
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
