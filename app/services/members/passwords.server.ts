// Password reset. A reset e-mail carries a random
// token (256 bits); only its sha256 is stored, it expires after an hour, works
// once, and every token of a member dies when their password changes.
import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { afterCommit, db, outsideTransaction, transaction } from "@db/client.server";
import { passwordResetTokens, users } from "@db/schema";
import { env } from "~/env.server";
import { EMAIL_NOT_FOUND_MESSAGE, type ForgotPassword, type ResetPassword } from "~/lib/member-schemas";
import { requestLog } from "~/base/logger.server";
import { clubName } from "~/services/club/club-name.server";
import { passwordResetMail } from "~/services/mail/messages.server";
import { sendMail, type MailMessage } from "~/services/mail/mail.server";
import { hashPassword } from "~/services/auth/password-hash.server";
import { minutesToWait, take, throttle } from "~/services/auth/throttle-store.server";
import { destroyMemberSessions, memberColumns, type Member } from "~/services/auth/session.server";
import { GoneError, InvalidError, NotFoundError, RateLimitedError } from "~/services/errors.server";

export const RESET_TOKEN_LIFETIME_MINUTES = 60;
export const INVALID_RESET_LINK_MESSAGE = "Sorry, this password reset link is invalid.";
export const EXPIRED_RESET_LINK_MESSAGE = "Sorry, this password reset link has expired.";

// Reset requests send e-mail and say whether an address is a member's, so they
// are limited: per client address (someone probing addresses, or filling
// inboxes from one machine), and per member *from that address* (one asker
// filling a member's inbox). Not per member from anywhere: requests from many
// addresses would use that allowance up and lock the member out of their own
// reset, so each address keeps its own. The price: an attacker with many
// addresses can send a member one e-mail per address; each address stays
// bounded by its own limit. Each request is counted before the member is looked
// up, atomically where the log-in throttle's counts live (PostgreSQL's
// throttle_counts, or Redis: shared by every process and kept over restarts).
export const RESET_LIMITS = {
  perAddress: 10,
  addressWindowSeconds: 60 * 60,
  perMemberAndAddress: 3,
  memberAndAddressWindowSeconds: 15 * 60,
};

const byAddress = throttle({
  keyPrefix: "reset_address",
  points: RESET_LIMITS.perAddress,
  duration: RESET_LIMITS.addressWindowSeconds,
});
const byMemberAndAddress = throttle({
  keyPrefix: "reset_member_address",
  points: RESET_LIMITS.perMemberAndAddress,
  duration: RESET_LIMITS.memberAndAddressWindowSeconds,
});

/** Counts one request on `key`, atomically in the throttles' store, before its work; 429 past the rule. */
async function consumeOrRefuse(limiter: () => RateLimiterAbstract, key: string) {
  const taken = await take(limiter(), key);
  if (taken.allowed) return;
  throw new RateLimitedError(
    `Too many password reset requests. Please try again in ${minutesToWait(taken.retryAfterMs)}.`,
    taken.retryAfterMs / 1000,
  );
}

const sha256 = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

// Client addresses come from the socket (or a trusted proxy), but are hashed anyway so a key's size is fixed.
const addressKey = (address: string) => sha256(address);
const memberAndAddressKey = (memberId: number, address: string) => sha256(`${memberId}\n${address}`);

// 32 random bytes in base64url: exactly 43 characters.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function resetLink(token: string) {
  return `${env().BASE_URL}/passwords/reset/${token}`;
}

/**
 * POST /api/passwords {email}: e-mails an active member a reset link.
 * Refuses with 'Email not found.' (422) or 429 when asked too often.
 * The e-mail goes after the answer, so a member's address does not answer
 * more slowly than an unknown one while the mail server works.
 */
export async function requestPasswordReset(request: ForgotPassword, address: string): Promise<void> {
  await consumeOrRefuse(byAddress, addressKey(address));
  const [member] = await db()
    .select({ id: users.id, firstName: users.firstName, username: users.username, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${request.email.toLowerCase()}`, isNull(users.deactivatedAt)))
    .limit(1);
  // A deactivated member could not log in with a new password anyway.
  if (!member) throw new InvalidError([{ path: "email", message: EMAIL_NOT_FOUND_MESSAGE }], EMAIL_NOT_FOUND_MESSAGE);
  await consumeOrRefuse(byMemberAndAddress, memberAndAddressKey(member.id, address));

  const token = crypto.randomBytes(32).toString("base64url");
  await db()
    .insert(passwordResetTokens)
    .values({
      tokenHash: sha256(token),
      userId: member.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MINUTES * 60_000),
    });
  const message = passwordResetMail({
    club: await clubName(),
    firstName: member.firstName,
    username: member.username,
    email: member.email,
    link: resetLink(token),
    expiresInMinutes: RESET_TOKEN_LIFETIME_MINUTES,
  });
  // Only once the token is stored for good: a rolled-back caller sends nothing.
  afterCommit(() => mailAfterAnswering(message, member.id));
}

// Reset e-mails sent after the answer; kept so tests and the server's shutdown can wait for them.
const inFlight = new Set<Promise<unknown>>();

function mailAfterAnswering(message: MailMessage, memberId: number) {
  // Nobody waits for this send, so nobody else would hear that it failed: the log must.
  const work: Promise<unknown> = outsideTransaction(() => sendMail(message))
    .catch((error: unknown) =>
      requestLog().error({ err: error }, `The password reset e-mail to member ${memberId} failed`),
    )
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
}

/** Resolves when every reset e-mail started so far has been sent (or has failed, logged). */
export async function passwordResetMailsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/** GET /api/passwords/{token}: 404 when unknown or used, 410 when expired; else when it expires. */
export async function checkResetToken(token: string): Promise<{ expiresAt: Date }> {
  if (!TOKEN_PATTERN.test(token)) throw new NotFoundError(INVALID_RESET_LINK_MESSAGE);
  const [row] = await db()
    .select({ expiresAt: passwordResetTokens.expiresAt, usedAt: passwordResetTokens.usedAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.usedAt) throw new NotFoundError(INVALID_RESET_LINK_MESSAGE);
  if (row.expiresAt.getTime() <= Date.now()) throw new GoneError(EXPIRED_RESET_LINK_MESSAGE);
  return { expiresAt: row.expiresAt };
}

/**
 * PATCH /api/passwords/{token} {password}: sets the new password, once.
 * Returns the member, whose other sessions and reset links have ended.
 */
export async function resetPassword(token: string, reset: ResetPassword): Promise<Member> {
  await checkResetToken(token);
  const passwordHash = await hashPassword(reset.password);

  // Claiming the token, changing the password and ending the member's sessions
  // and links together: two tabs using the same link at once cannot both succeed.
  const member = await transaction(async () => {
    const [claimed] = await db()
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return null;
    const [updated] = await db()
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, claimed.userId))
      .returning(memberColumns);
    if (updated) await afterPasswordChange(updated.id);
    return updated ?? null;
  });
  if (!member) {
    await checkResetToken(token); // says why: used (404) or expired (410)
    throw new NotFoundError(INVALID_RESET_LINK_MESSAGE);
  }
  return member;
}

/**
 * A member's password changed (reset, or their profile): every reset link they
 * were sent dies, and every session ends. The caller starts a fresh session for
 * the person who made the change, when that is the member.
 */
export async function afterPasswordChange(userId: number) {
  await forgetResetTokens(userId);
  await destroyMemberSessions(userId);
}

export async function forgetResetTokens(userId: number) {
  await db().delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}
