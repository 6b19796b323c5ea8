// Server-side sessions. The cookie carries only a random session id (signed);
// the row says whose it is. Every request checks the members' data version
// (data-versions.server.ts), which moves with any change to members or
// sessions: the member is re-read whenever it moved, so a deactivated member's
// sessions stop working at once, and is kept in memory while nothing changed.
import crypto from "node:crypto";
import { and, eq, getTableColumns, gt, isNull, lt } from "drizzle-orm";
import { db } from "@db/client.server";
import { sessions, users } from "@db/schema";
import type { Member } from "~/lib/member";
import { requestVersions, VersionedCache } from "~/services/data-versions.server";
import { publish } from "~/services/events.server";
import { clubCookie } from "./cookies.server";

// What a request knows of its member: every column but the password hash, which
// only the log-in and password services read, by themselves.
const { passwordHash: _passwordHash, ...memberColumns } = getTableColumns(users);
export { memberColumns };

export type { Member } from "~/lib/member";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

const sessionCookie = clubCookie("__session", SESSION_MAX_AGE_SECONDS);

/** The session id a Cookie header carries (signed), or null. */
export async function sessionIdFrom(cookieHeader: string | null | undefined): Promise<string | null> {
  if (!cookieHeader) return null;
  const value = await sessionCookie().parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Starts a session for a member; returns the Set-Cookie header value. */
export async function createSession(userId: number): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  await db()
    .insert(sessions)
    .values({ id, userId, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) });
  return sessionCookie().serialize(id);
}

/**
 * Starts a member's session for this request, ending the session its cookie
 * held before (if any): every log-in, sign-up and new password gets a new id,
 * so a session id known before it can never become a logged-in one.
 */
export async function newSessionFor(request: Request, userId: number): Promise<string> {
  const previous = await sessionIdFrom(request.headers.get("Cookie"));
  if (previous) await db().delete(sessions).where(eq(sessions.id, previous));
  return createSession(userId);
}

/** Ends the request's session (if any); returns the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await sessionIdFrom(request.headers.get("Cookie"));
  if (id) {
    await db().delete(sessions).where(eq(sessions.id, id));
    // Sockets opened with this session would otherwise go on receiving after the log-out.
    publish("session.ended", { sessionId: id });
  }
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** Ends every session of a member (password change, deactivation). */
export async function destroyMemberSessions(userId: number) {
  await db().delete(sessions).where(eq(sessions.userId, userId));
  // Their live connections close too, on every device.
  publish("sessions.ended", { userId });
}

export async function deleteExpiredSessions() {
  await db().delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

async function lookUpMember(cookieHeader: string): Promise<{ member: Member | null; expiresAt: number }> {
  const id = await sessionIdFrom(cookieHeader);
  if (!id) return { member: null, expiresAt: Infinity };
  const [row] = await db()
    .select({ user: memberColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), isNull(users.deactivatedAt)))
    .limit(1);
  return row ? { member: row.user, expiresAt: row.expiresAt.getTime() } : { member: null, expiresAt: Infinity };
}

// Keyed by the signed cookie as sent: only a value whose signature was checked
// once gets an entry, so a hit skips the signature check and the query.
const membersBySessionCookie = new VersionedCache<{ member: Member | null; expiresAt: number }>("members", 10_000);
const SESSION_COOKIE_VALUE = /(?:^|;\s*)__session=([^;]*)/;

/** The active member a Cookie header belongs to, or null. */
export async function memberFromCookieHeader(cookieHeader: string | null | undefined): Promise<Member | null> {
  const signed = cookieHeader ? SESSION_COOKIE_VALUE.exec(cookieHeader)?.[1] : undefined;
  if (!cookieHeader || !signed) return null;
  // Read once per request: the photo queries after it reuse the same read.
  const versions = await requestVersions();
  if (!versions) return (await lookUpMember(cookieHeader)).member;
  const known = membersBySessionCookie.get(versions, signed);
  if (known && known.expiresAt > Date.now()) return known.member;
  const found = await lookUpMember(cookieHeader);
  membersBySessionCookie.set(versions, signed, found);
  return found.member;
}

// Several loaders of one request ask for the member; look it up once.
const perRequest = new WeakMap<Request, Promise<Member | null>>();

export function currentMember(request: Request): Promise<Member | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = memberFromCookieHeader(request.headers.get("Cookie"));
    perRequest.set(request, found);
  }
  return found;
}
