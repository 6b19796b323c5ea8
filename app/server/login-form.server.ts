// The /login form through remix-auth: its FormStrategy reads the posted form,
// and the verify step parses it once with the shared LoginSchema (through
// Conform, so a refusal can be answered under the fields); then the log-in
// service checks the password, counted against the client's address. POST
// /api/auth/login parses the same schema from JSON and calls the same service.
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { LoginSchema } from "~/lib/account-schemas";
import { logIn } from "~/services/auth/login.server";
import type { Member } from "~/lib/member";
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
type Parsed = { submission: Submission; from: FormDataEntryValue | null };

const authenticator = new Authenticator<Parsed>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const submission = parseLogin(form);
    if (submission.status !== "success") throw new LoginRefusal(submission);
    return { submission, from: form.get("from") };
  }),
  "password",
);

/** Logs in from the posted form (read once, bounded) and the client's address; throws LoginRefusal. */
export async function logInWithForm(request: Request, address: string): Promise<LoggedIn> {
  const form = await readForm(request);
  const posted = new Request(request.url, { method: "POST", body: form });
  const { submission, from } = await authenticator.authenticate("password", posted);
  if (submission.status !== "success") throw new LoginRefusal(submission);
  try {
    return { member: await logIn(submission.value, address), from };
  } catch (error) {
    throw new LoginRefusal(submission, error);
  }
}
