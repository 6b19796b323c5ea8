// A new club has no members. At start the server prints a one-time setup link
// (a random token, like an initial admin password); its page creates the first
// admin in the browser. The token lives only in this process's memory and dies
// once used, or once the club has any member.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "@db/client.server";
import type { UserRow } from "@db/schema";
import type { NewMember } from "~/lib/account-schemas";
import { HttpError } from "~/server/http.server";
import { countUsers, createMember } from "./members.server";

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

export async function createFirstAdmin(token: string, member: NewMember): Promise<UserRow> {
  if (!tokenMatches(token)) throw new HttpError(404, "This setup link is not valid.");
  const admin = await db().transaction(async (tx) => {
    // Two tabs submitting at once must not make two "first" admins.
    await tx.execute(sql`lock table users in share row exclusive mode`);
    if ((await countUsers(tx)) > 0) throw new HttpError(404, "This club already has members.");
    return createMember(member, { isAdmin: true, database: tx });
  });
  holder.__clubSetupToken = null;
  return admin;
}
