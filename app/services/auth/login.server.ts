// Logging in: remix-auth's FormStrategy reads the form; we check the password,
// the member's state and the throttle. Used by /login and POST /api/auth/login.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { UserRow } from "@db/schema";
import { DEACTIVATED_MESSAGE, INVALID_LOGIN_MESSAGE, LoginSchema } from "~/lib/account-schemas";
import { HttpError } from "~/server/http.server";
import { clientAddress } from "~/server/request-context.server";
import { loginDelayMs, loginRetryAfterMs, recordLoginFailure, recordLoginSuccess } from "./login-throttle.server";
import { burnPasswordCheck, verifyPassword } from "./password-hash.server";
import { findUserByLogin } from "~/services/members/members.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks a login; throws HttpError 422 (wrong), 403 (deactivated) or 429 (throttled). */
export async function verifyLogin(identifier: string, password: string, address = clientAddress()): Promise<UserRow> {
  const user = await findUserByLogin(identifier);
  // Count failures against the member, not the words typed: alternating between
  // username and email must not double a guesser's attempts.
  const account = user ? `member:${user.id}` : `unknown:${identifier.trim().toLowerCase()}`;

  const retryAfterMs = await loginRetryAfterMs(account, address);
  if (retryAfterMs > 0) {
    const minutes = Math.ceil(retryAfterMs / 60_000);
    throw new HttpError(
      429,
      `Too many failed log-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      { "Retry-After": String(Math.ceil(retryAfterMs / 1000)) },
    );
  }
  const delay = await loginDelayMs(account);
  if (delay > 0) await sleep(delay);

  const passwordMatches = user
    ? await verifyPassword(user.passwordHash, password)
    : (await burnPasswordCheck(password), false);
  if (!user || !passwordMatches) {
    await recordLoginFailure(account, address);
    throw new HttpError(422, INVALID_LOGIN_MESSAGE);
  }
  // Only told after the right password, so the message reveals nothing to a guesser.
  if (user.deactivatedAt) throw new HttpError(403, DEACTIVATED_MESSAGE);
  await recordLoginSuccess(account, address);
  return user;
}

export const authenticator = new Authenticator<UserRow>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = LoginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new HttpError(422, INVALID_LOGIN_MESSAGE);
    return verifyLogin(parsed.data.email, parsed.data.password);
  }),
  "password",
);

/** Authenticates a request whose body is a login form (email or username, password). */
export function authenticateForm(request: Request): Promise<UserRow> {
  return authenticator.authenticate("password", request);
}
