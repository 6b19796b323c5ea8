// Test helpers: members with unique names, and their session cookies.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { users } from "@db/schema";
import { createSession } from "~/services/auth/session.server";
import { createMember } from "~/services/members/members.server";

export const TEST_PASSWORD = "street123";

/** What no sign-up asks, set straight in the member's row: a hidden profile, a deactivation, e-mails off. */
type RowSettings = Partial<
  Pick<typeof users.$inferInsert, "isPublic" | "deactivatedAt" | "meetingReminders" | "commentEmails">
>;

/** A member with a unique name; the member returned is as created, `settings` are in the database. */
export async function makeMember(options: { isAdmin?: boolean; firstName?: string } & RowSettings = {}) {
  const { isAdmin, firstName, ...settings } = options;
  const tag = crypto.randomBytes(4).toString("hex");
  const member = await createMember(
    {
      firstName: firstName ?? "Vivian",
      lastName: `Maier${tag}`,
      username: `member_${tag}`,
      email: `member_${tag}@example.com`,
      password: TEST_PASSWORD,
    },
    { isAdmin },
  );
  if (Object.keys(settings).length > 0) await db().update(users).set(settings).where(eq(users.id, member.id));
  return member;
}

/** A member with a fresh session's cookie, and another member: for what one may (not) do to the other's things. */
export async function memberAndOther() {
  const member = await makeMember();
  const other = await makeMember();
  return { member, other, cookie: await cookieFor(member.id) };
}

/** The Cookie request header for a fresh session of this member. */
export async function cookieFor(userId: number): Promise<string> {
  return cookieHeaderFrom(await createSession(userId));
}

/** Turns a Set-Cookie value into the Cookie header a browser would send back. */
export function cookieHeaderFrom(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie header");
  return setCookie.split(";")[0]!;
}

export function request(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(`http://localhost${path}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
}

/** A form post as a browser sends it without JavaScript. */
export function formRequest(path: string, fields: Record<string, string>, cookie?: string) {
  return request(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** Each member with a fresh session's cookie beside them, as `{name}Cookie` (`ann` and `annCookie`). */
export async function withCookies<T extends Record<string, { id: number }>>(
  members: T,
): Promise<T & { [K in keyof T & string as `${K}Cookie`]: string }> {
  const cookies = await Promise.all(
    Object.entries(members).map(async ([name, member]) => [`${name}Cookie`, await cookieFor(member.id)]),
  );
  return { ...members, ...Object.fromEntries(cookies) };
}
