import type { Route } from "./+types/auth.login";
import { INVALID_LOGIN_MESSAGE, LoginSchema } from "~/lib/account-schemas";
import { fieldErrorsFromZod } from "~/lib/field-errors";
import { apiHandler, jsonError, readJson, ValidationError } from "~/server/http.server";
import { authenticateForm } from "~/services/auth/login.server";
import { createSession } from "~/services/auth/session.server";
import { toUserJson } from "~/services/members/members.server";

// POST /api/auth/login {email (email or username), password} -> the user.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method Not Allowed");
  return apiHandler(async () => {
    const parsed = LoginSchema.safeParse(await readJson(request));
    if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error), INVALID_LOGIN_MESSAGE);
    // The same remix-auth strategy as the /login form: hand it the fields as a form.
    const formRequest = new Request(request.url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(parsed.data),
    });
    const member = await authenticateForm(formRequest);
    return Response.json(toUserJson(member), { headers: { "Set-Cookie": await createSession(member.id) } });
  });
}

export const loader = () => jsonError(405, "Method Not Allowed");
