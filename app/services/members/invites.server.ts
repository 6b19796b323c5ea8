// Invitations: an admin invites a person by e-mail;
// the link {BASE_URL}/invites/{id} opens a sign-up form until the invite is
// accepted or revoked. The id is the secret: 128 random bits, base64url.
import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { invites, users, type InviteRow } from "@db/schema";
import { env } from "~/env.server";
import type { NewMember } from "~/lib/account-schemas";
import type { Invite } from "~/lib/member-schemas";
import { requestLog } from "~/base/logger.server";
import { clubName } from "~/services/club/club-name.server";
import { requireAdmin } from "~/services/access.server";
import type { Member } from "~/lib/member";
import { GoneError, InvalidError, NotFoundError, UnavailableError } from "~/services/errors.server";
import { inviteMail } from "~/services/mail/messages.server";
import { sendMail } from "~/services/mail/mail.server";
import { createMember } from "./members.server";

export const INVITE_NOT_FOUND_MESSAGE = "This invite does not exist.";
export const INVITE_ACCEPTED_MESSAGE = "This invite has already been accepted.";
export const INVITE_REVOKED_MESSAGE = "This invite is no longer available.";
export const MAIL_FAILED_MESSAGE = "The invite e-mail could not be sent. Please try again.";

export type InviteJson = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  message: string | null;
  createdAt: string;
  updatedAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
};

export function toInviteJson(invite: InviteRow): InviteJson {
  return {
    id: invite.id,
    firstName: invite.firstName,
    lastName: invite.lastName,
    email: invite.email,
    message: invite.message,
    createdAt: invite.createdAt.toISOString(),
    updatedAt: invite.updatedAt.toISOString(),
    acceptedAt: invite.acceptedAt?.toISOString() ?? null,
    revokedAt: invite.revokedAt?.toISOString() ?? null,
  };
}

export type InviteState = "open" | "accepted" | "revoked";

export function inviteState(invite: Pick<InviteRow, "acceptedAt" | "revokedAt">): InviteState {
  if (invite.acceptedAt) return "accepted";
  if (invite.revokedAt) return "revoked";
  return "open";
}

export function inviteLink(id: string) {
  return `${env().BASE_URL}/invites/${id}`;
}

/** An invite by its id (the secret in the link), whatever its state; 404 when there is none. */
export async function findInvite(id: string): Promise<InviteRow> {
  // Real ids are 22 characters; anything unlike one is not looked up.
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) throw new NotFoundError(INVITE_NOT_FOUND_MESSAGE);
  const [invite] = await db().select().from(invites).where(eq(invites.id, id)).limit(1);
  if (!invite) throw new NotFoundError(INVITE_NOT_FOUND_MESSAGE);
  return invite;
}

/** The pending invites (neither accepted nor revoked), most recently sent first. */
export async function listOpenInvites(): Promise<InviteRow[]> {
  return db()
    .select()
    .from(invites)
    .where(and(isNull(invites.acceptedAt), isNull(invites.revokedAt)))
    .orderBy(desc(invites.updatedAt), desc(invites.createdAt));
}

function requireOpen(invite: InviteRow) {
  const state = inviteState(invite);
  if (state === "accepted") throw new GoneError(INVITE_ACCEPTED_MESSAGE);
  if (state === "revoked") throw new GoneError(INVITE_REVOKED_MESSAGE);
}

async function mailInvite(invite: InviteRow, admin: Member) {
  await sendMail(
    inviteMail({
      club: await clubName(),
      firstName: invite.firstName,
      email: invite.email,
      message: invite.message,
      inviterName: `${admin.firstName} ${admin.lastName}`,
      link: inviteLink(invite.id),
    }),
  );
}

/** POST /api/invites: records the invite and e-mails the link. Nothing is kept if the e-mail cannot be sent. */
export async function createInvite(admin: Member, details: Invite): Promise<InviteRow> {
  requireAdmin(admin);
  const email = details.email.toLowerCase();

  const [member] = await db()
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (member) throw InvalidError.field("email", "A member already uses this email.");
  const [pending] = await db()
    .select({ id: invites.id })
    .from(invites)
    .where(and(sql`lower(${invites.email}) = ${email}`, isNull(invites.acceptedAt), isNull(invites.revokedAt)))
    .limit(1);
  if (pending) throw InvalidError.field("email", "This person already has a pending invite: resend it instead.");

  const [invite] = await db()
    .insert(invites)
    .values({ id: crypto.randomBytes(16).toString("base64url"), ...details, invitedById: admin.id })
    .returning();
  try {
    await mailInvite(invite!, admin);
  } catch (error) {
    await db().delete(invites).where(eq(invites.id, invite!.id));
    requestLog().error({ err: error }, "Sending an invite failed");
    throw new UnavailableError(MAIL_FAILED_MESSAGE, 502);
  }
  return invite!;
}

/** POST /api/invites/{id}/resend: sends the e-mail again and refreshes updatedAt (the time shown as sent). */
export async function resendInvite(admin: Member, id: string): Promise<InviteRow> {
  requireAdmin(admin);
  const invite = await findInvite(id);
  requireOpen(invite);
  try {
    await mailInvite(invite, admin);
  } catch (error) {
    requestLog().error({ err: error }, "Resending an invite failed");
    throw new UnavailableError(MAIL_FAILED_MESSAGE, 502);
  }
  const [updated] = await db().update(invites).set({ updatedAt: new Date() }).where(eq(invites.id, id)).returning();
  return updated!;
}

/** DELETE /api/invites/{id}: the link stops working; the invite leaves the pending list. */
export async function revokeInvite(admin: Member, id: string): Promise<InviteRow> {
  requireAdmin(admin);
  const invite = await findInvite(id);
  requireOpen(invite);
  const [updated] = await db()
    .update(invites)
    .set({ revokedAt: new Date() })
    .where(and(eq(invites.id, id), isNull(invites.acceptedAt)))
    .returning();
  if (!updated) throw new GoneError(INVITE_ACCEPTED_MESSAGE);
  return updated;
}

/**
 * POST /api/invites/{id}/accept: creates the member from the sign-up form and
 * marks the invite accepted, in one transaction (two tabs cannot both use it).
 */
export async function acceptInvite(id: string, details: NewMember): Promise<Member> {
  await findInvite(id);
  return transaction(async () => {
    const [invite] = await db().select().from(invites).where(eq(invites.id, id)).for("update");
    if (!invite) throw new NotFoundError(INVITE_NOT_FOUND_MESSAGE);
    requireOpen(invite);
    const member = await createMember(details);
    await db().update(invites).set({ acceptedAt: new Date(), acceptedUserId: member.id }).where(eq(invites.id, id));
    return member;
  });
}
