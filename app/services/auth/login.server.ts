// Logging in (/login and POST /api/auth/login, each parsing LoginSchema once):
// the password, the member's state and the throttle are checked here, and this
// service alone (with the password services) reads password hashes.
import { or, sql } from "drizzle-orm";
import { db } from "@db/client.server";
import { users } from "@db/schema";
import { DEACTIVATED_MESSAGE, INVALID_LOGIN_MESSAGE, type Login } from "~/lib/account-schemas";
import { ForbiddenError, RateLimitedError, RefusedError } from "~/services/errors.server";
import { countLoginAttempt, loginSucceeded } from "./login-throttle.server";
import { burnPasswordCheck, verifyPassword } from "./password-hash.server";
import { minutesToWait } from "./throttle-store.server";
import type { Member } from "~/lib/member";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The member an email or username names (ignoring case), with the password hash to check. */
async function findLogin(identifier: string) {
  const wanted = identifier.trim().toLowerCase();
  const [user] = await db()
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${wanted}`, sql`lower(${users.email}) = ${wanted}`))
    .limit(1);
  return user;
}

/** Checks a login: 422 'Invalid email and/or password.', 403 deactivated, or 429 throttled. */
export async function verifyLogin(identifier: string, password: string, address: string): Promise<Member> {
  const user = await findLogin(identifier);
  // Count failures against the member, not the words typed: alternating between
  // username and email must not double a guesser's attempts.
  const account = user ? `member:${user.id}` : `unknown:${identifier.trim().toLowerCase()}`;

  // Counted before the password is checked, so guesses that arrive together cannot all be checked.
  const attempt = await countLoginAttempt(account, address);
  if (!attempt.allowed) {
    throw new RateLimitedError(
      `Too many failed log-in attempts. Please try again in ${minutesToWait(attempt.retryAfterMs)}.`,
      attempt.retryAfterMs / 1000,
    );
  }
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);

  const passwordMatches = user
    ? await verifyPassword(user.passwordHash, password)
    : (await burnPasswordCheck(password), false);
  // A failure keeps the point it was counted with.
  if (!user || !passwordMatches) throw new RefusedError(INVALID_LOGIN_MESSAGE);
  await loginSucceeded(account, address);
  // Only told after the right password, so the message reveals nothing to a guesser.
  if (user.deactivatedAt) throw new ForbiddenError(DEACTIVATED_MESSAGE);
  const { passwordHash: _checked, ...member } = user;
  return member;
}

/** A log-in form or body, parsed by LoginSchema at the edge. */
export function logIn(credentials: Login, address: string): Promise<Member> {
  return verifyLogin(credentials.email, credentials.password, address);
}

/**
 * Whether `password` is the member's own, for a change that needs it (a new
 * password or e-mail address). Wrong guesses count like failed log-ins, so the
 * profile form cannot be used to guess a password faster than /login.
 */
export async function confirmOwnPassword(
  member: Pick<Member, "id" | "username">,
  password: string,
  address: string,
): Promise<boolean> {
  try {
    await verifyLogin(member.username, password, address);
    return true;
  } catch (error) {
    if (error instanceof RefusedError) return false;
    throw error;
  }
}
