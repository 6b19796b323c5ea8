// The /login form through remix-auth: its FormStrategy reads the posted form,
// and the verify step parses it once with the shared LoginSchema (through
// Conform, so a refusal can be answered under the fields) before the log-in
// service checks the password. POST /api/auth/login parses the same schema
// from JSON and calls the same service.
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { LoginSchema } from "~/lib/account-schemas";
import { logIn } from "~/services/auth/login.server";
import type { Member } from "~/services/auth/session.server";
import { readForm } from "./forms.server";

const parseLogin = (form: FormData) => parseWithZod(form, { schema: LoginSchema });
type Submission = ReturnType<typeof parseLogin>;

/** A log-in the form could not make: the parsed submission, and the service's refusal if it got that far. */
export class LoginRefusal extends Error {
  constructor(
    readonly submission: Submission,
    readonly refusal?: unknown,
  ) {
    super("The log-in was refused.");
    this.name = "LoginRefusal";
  }
}

type LoggedIn = { member: Member; from: FormDataEntryValue | null };

const authenticator = new Authenticator<LoggedIn>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const submission = parseLogin(form);
    if (submission.status !== "success") throw new LoginRefusal(submission);
    try {
      return { member: await logIn(submission.value), from: form.get("from") };
    } catch (error) {
      throw new LoginRefusal(submission, error);
    }
  }),
  "password",
);

/** Logs in from the posted form (read once, bounded); throws LoginRefusal. */
export async function logInWithForm(request: Request): Promise<LoggedIn> {
  const form = await readForm(request);
  return authenticator.authenticate("password", new Request(request.url, { method: "POST", body: form }));
}
