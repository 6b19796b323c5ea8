// Password reset (spec sections 4, 5 and 8). A reset e-mail carries a random
// token (256 bits); only its sha256 is stored, it expires after an hour, works
// once, and every token of a member dies when their password changes.
import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { db, transaction } from "@db/client.server";
import { passwordResetTokens, users } from "@db/schema";
import { env } from "~/env.server";
import { EMAIL_NOT_FOUND_MESSAGE, type ForgotPassword, type ResetPassword } from "~/lib/member-schemas";
import { clientAddress } from "~/server/request-context.server";
import { passwordResetMail } from "~/services/mail/messages.server";
import { sendMail } from "~/services/mail/mail.server";
import { hashPassword } from "~/services/auth/password-hash.server";
import { destroyMemberSessions, memberColumns, type Member } from "~/services/auth/session.server";
import { GoneError, InvalidError, NotFoundError, RateLimitedError } from "~/services/errors.server";

export const RESET_TOKEN_LIFETIME_MINUTES = 60;
export const INVALID_RESET_LINK_MESSAGE = "Sorry, this password reset link is invalid.";
export const EXPIRED_RESET_LINK_MESSAGE = "Sorry, this password reset link has expired.";

// Reset requests send e-mail and say whether an address is a member's, so they
// are limited: per client address (someone probing addresses), and per member
// (someone filling a member's inbox). Counters live in memory: one process.
export const RESET_LIMITS = {
  perAddress: 10,
  addressWindowSeconds: 60 * 60,
  perMember: 3,
  memberWindowSeconds: 15 * 60,
};

const byAddress = new RateLimiterMemory({
  keyPrefix: "reset_address",
  points: RESET_LIMITS.perAddress,
  duration: RESET_LIMITS.addressWindowSeconds,
});
const byMember = new RateLimiterMemory({
  keyPrefix: "reset_member",
  points: RESET_LIMITS.perMember,
  duration: RESET_LIMITS.memberWindowSeconds,
});

async function consumeOrRefuse(limiter: RateLimiterMemory, key: string) {
  try {
    await limiter.consume(key);
  } catch (refusal) {
    if (refusal instanceof Error) throw refusal;
    const ms = (refusal as { msBeforeNext: number }).msBeforeNext;
    const minutes = Math.max(1, Math.ceil(ms / 60_000));
    throw new RateLimitedError(
      `Too many password reset requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      ms / 1000,
    );
  }
}

const sha256 = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

// 32 random bytes in base64url: exactly 43 characters.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function resetLink(token: string) {
  return `${env().BASE_URL}/passwords/reset/${token}`;
}

/**
 * POST /api/passwords {email}: e-mails an active member a reset link.
 * Refuses with 'Email not found.' (422) or 429 when asked too often.
 */
export async function requestPasswordReset(request: ForgotPassword, address = clientAddress()): Promise<void> {
  await consumeOrRefuse(byAddress, address);
  const [member] = await db()
    .select({ id: users.id, firstName: users.firstName, username: users.username, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${request.email.toLowerCase()}`, isNull(users.deactivatedAt)))
    .limit(1);
  // A deactivated member could not log in with a new password anyway.
  if (!member) throw new InvalidError([{ path: "email", message: EMAIL_NOT_FOUND_MESSAGE }], EMAIL_NOT_FOUND_MESSAGE);
  await consumeOrRefuse(byMember, String(member.id));

  const token = crypto.randomBytes(32).toString("base64url");
  await db()
    .insert(passwordResetTokens)
    .values({
      tokenHash: sha256(token),
      userId: member.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MINUTES * 60_000),
    });
  await sendMail(
    passwordResetMail({
      firstName: member.firstName,
      username: member.username,
      email: member.email,
      link: resetLink(token),
      expiresInMinutes: RESET_TOKEN_LIFETIME_MINUTES,
    }),
  );
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
