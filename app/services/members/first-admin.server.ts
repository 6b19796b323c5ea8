// A new club has no members. At start the server prints a one-time setup link
// (a random token, like an initial admin password); its page creates the first
// admin in the browser. The token lives only in this process's memory and dies
// once used, or once the club has any member.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import type { FirstAdmin } from "~/lib/account-schemas";
import type { Member } from "~/lib/member";
import { saveClubName } from "~/services/club/club-name.server";
import { NotFoundError } from "~/services/errors.server";
import { countUsers, createMember } from "./members.server";

export const SETUP_LINK_INVALID_MESSAGE = "This setup link is not valid.";

const holder = globalThis as typeof globalThis & { __clubSetupToken?: string | null };

/** Called at start: returns a new setup token while the club has no members, else null. */
export async function openFirstAdminSetup(): Promise<string | null> {
  if ((await countUsers()) > 0) {
    holder.__clubSetupToken = null;
    return null;
  }
  holder.__clubSetupToken ??= crypto.randomBytes(24).toString("base64url");
  return holder.__clubSetupToken;
}

function tokenMatches(token: string) {
  const expected = holder.__clubSetupToken;
  if (!expected) return false;
  const a = Buffer.from(token);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Whether the setup page may be shown for this token right now. */
export async function isFirstAdminSetupOpen(token: string): Promise<boolean> {
  return tokenMatches(token) && (await countUsers()) === 0;
}

/** The setup page exists only for the right token while the club has no members (404 otherwise). */
export async function requireFirstAdminSetupOpen(token: string): Promise<void> {
  if (!(await isFirstAdminSetupOpen(token))) throw new NotFoundError(SETUP_LINK_INVALID_MESSAGE);
}

/** The first admin, and the club's name they chose (SITE_TITLE, unchanged, stays the default). */
export async function createFirstAdmin(token: string, { clubName, ...member }: FirstAdmin): Promise<Member> {
  if (!tokenMatches(token)) throw new NotFoundError(SETUP_LINK_INVALID_MESSAGE);
  const admin = await transaction(async () => {
    // Two tabs submitting at once must not make two "first" admins.
    await db().execute(sql`lock table users in share row exclusive mode`);
    if ((await countUsers()) > 0) throw new NotFoundError("This club already has members.");
    await saveClubName(clubName);
    return createMember(member, { isAdmin: true });
  });
  holder.__clubSetupToken = null;
  return admin;
}
