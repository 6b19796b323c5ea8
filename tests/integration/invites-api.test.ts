// /api/invites: an admin invites a person by e-mail (received here on a real
// SMTP server on loopback), the person follows the link and signs up. Every
// refusal: visitor 401, member 403, bad input 422, unknown 404, used 410.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { invites, users } from "@db/schema";
import { env } from "~/env.server";
import { action as acceptApi } from "~/routes/api/invites.accept";
import { action as inviteAction, loader as inviteApi } from "~/routes/api/invites.invite";
import { action as resendApi } from "~/routes/api/invites.resend";
import { action as createApi, loader as listApi } from "~/routes/api/invites";
import { loader as meApi } from "~/routes/api/users.me";
import { closeMail } from "~/services/mail/mail.server";
import { linksIn } from "../support/mail";
import { cookieFor, cookieHeaderFrom, makeMember, request } from "../support/members";
import { call } from "../support/routes";
import { useMailCatcher } from "../support/club-mail";

const mail = useMailCatcher();

let counter = 0;
function person() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: "Helen",
    lastName: `Levitt${tag}`,
    email: `helen_${tag}@example.com`,
    message: "Come and shoot with us.",
  };
}

function signUp(invite: { firstName: string; lastName: string; email: string }, username: string) {
  return { ...invite, username, password: "stoop-ball-7", confirmPassword: "stoop-ball-7" };
}

const createInvite = (json: unknown, cookie?: string) =>
  call(createApi, request("/api/invites", { method: "POST", json, cookie }));
const listInvites = (cookie?: string) => call(listApi, request("/api/invites", { cookie }));
const getInvite = (id: string) => call(inviteApi, request(`/api/invites/${id}`), { inviteId: id });
const revoke = (id: string, cookie?: string) =>
  call(inviteAction, request(`/api/invites/${id}`, { method: "DELETE", cookie }), { inviteId: id });
const resend = (id: string, cookie?: string) =>
  call(resendApi, request(`/api/invites/${id}/resend`, { method: "POST", cookie }), { inviteId: id });
const accept = (id: string, json: unknown, method = "POST") =>
  call(acceptApi, request(`/api/invites/${id}/accept`, { method, json }), { inviteId: id });

async function adminCookie() {
  const admin = await makeMember({ isAdmin: true, firstName: "Diane" });
  return { admin, cookie: await cookieFor(admin.id) };
}

describe("inviting a person", () => {
  it("e-mails a link that leads to the sign-up; accepting creates the member, logs them in, and closes the invite", async () => {
    const { admin, cookie } = await adminCookie();
    const helen = person();
    const since = mail.messages.length;
    const created = await createInvite(helen, cookie);
    expect(created.status).toBe(201);
    const invite = await created.json();
    expect(invite).toMatchObject({ ...helen, acceptedAt: null, revokedAt: null, updatedAt: expect.any(String) });
    // 128 random bits, base64url.
    expect(invite.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const received = await mail.waitForMail(helen.email, { since });
    expect(received.subject).toContain(env().SITE_TITLE);
    expect(received.text).toContain("Hi Helen,");
    expect(received.text).toContain(`${admin.firstName} ${admin.lastName} has invited you`);
    expect(received.text).toContain("Come and shoot with us.");
    expect(received.html).toContain("Come and shoot with us.");
    const link = linksIn(received).find((l) => l.includes("/invites/"));
    expect(link).toBe(`http://club.test/invites/${invite.id}`);
    expect(received.html).toContain(link);

    // Following the link: the sign-up page reads the invite by the id in it.
    const inviteId = new URL(link!).pathname.split("/").pop()!;
    const opened = await getInvite(inviteId);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ firstName: "Helen", email: helen.email, acceptedAt: null });

    const username = `helen_${invite.id.slice(0, 6).replace(/[^a-zA-Z0-9]/g, "x")}`;
    const accepted = await accept(inviteId, signUp(helen, username));
    expect(accepted.status).toBe(201);
    const member = await accepted.json();
    expect(member).toMatchObject({ username, email: helen.email, firstName: "Helen", isAdmin: false });
    const cookieOfNewMember = cookieHeaderFrom(accepted.headers.get("Set-Cookie"));
    const me = await call(meApi, request("/api/users/me", { cookie: cookieOfNewMember }));
    expect(await me.json()).toMatchObject({ id: member.id });

    const [row] = await db().select().from(invites).where(eq(invites.id, inviteId));
    expect(row).toMatchObject({ acceptedUserId: member.id, acceptedAt: expect.any(Date), invitedById: admin.id });
    expect(ids(await (await listInvites(cookie)).json())).not.toContain(inviteId);

    // An accepted invite is done: 410 for accepting, resending or revoking again.
    const again = await accept(inviteId, signUp(helen, `${username}2`));
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ message: "This invite has already been accepted." });
    expect((await resend(inviteId, cookie)).status).toBe(410);
    expect((await revoke(inviteId, cookie)).status).toBe(410);
  });

  it("uses the email the person submits, and PUT works for accepting too", async () => {
    const { cookie } = await adminCookie();
    const helen = person();
    const invite = await (await createInvite(helen, cookie)).json();
    const other = `other_${helen.email}`;
    const accepted = await accept(
      invite.id,
      { ...signUp(helen, `h${invite.id.slice(0, 8).replace(/[^a-zA-Z0-9]/g, "x")}`), email: other },
      "PUT",
    );
    expect(accepted.status).toBe(201);
    expect((await accepted.json()).email).toBe(other);
  });

  it("refuses a visitor (401) and a member (403) for every admin call", async () => {
    const { cookie } = await adminCookie();
    const invite = await (await createInvite(person(), cookie)).json();
    const member = await makeMember();
    const memberCookie = await cookieFor(member.id);
    for (const attempt of [
      () => createInvite(person()),
      () => listInvites(),
      () => resend(invite.id),
      () => revoke(invite.id),
    ]) {
      expect((await attempt()).status).toBe(401);
    }
    for (const attempt of [
      () => createInvite(person(), memberCookie),
      () => listInvites(memberCookie),
      () => resend(invite.id, memberCookie),
      () => revoke(invite.id, memberCookie),
    ]) {
      const response = await attempt();
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it("answers 422 with field errors for bad input, a member's email or a pending invite", async () => {
    const { cookie } = await adminCookie();
    const bad = await createInvite({ firstName: "", lastName: "x".repeat(101), email: "nope" }, cookie);
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual([
      { path: "firstName", message: "First name is required." },
      { path: "lastName", message: "Last name must be at most 100 characters." },
      { path: "email", message: "Email must be a valid email address." },
    ]);

    const member = await makeMember();
    const taken = await createInvite({ ...person(), email: member.email.toUpperCase() }, cookie);
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors).toEqual([{ path: "email", message: "A member already uses this email." }]);

    const helen = person();
    expect((await createInvite(helen, cookie)).status).toBe(201);
    const twice = await createInvite(helen, cookie);
    expect(twice.status).toBe(422);
    expect((await twice.json()).errors[0].path).toBe("email");
  });

  it("answers 404 for an unknown invite and 422 for a bad sign-up, leaving the invite open", async () => {
    const { cookie } = await adminCookie();
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "short", "../../etc"]) {
      expect((await getInvite(id)).status).toBe(404);
      expect((await accept(id, signUp(person(), "whoever"))).status).toBe(404);
      expect((await resend(id, cookie)).status).toBe(404);
      expect((await revoke(id, cookie)).status).toBe(404);
    }

    const helen = person();
    const invite = await (await createInvite(helen, cookie)).json();
    const member = await makeMember();
    const refused = await accept(invite.id, {
      ...signUp(helen, member.username.toUpperCase()),
      password: "short",
      confirmPassword: "other",
    });
    expect(refused.status).toBe(422);
    const paths = (await refused.json()).errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["password", "confirmPassword"]));

    const taken = await accept(invite.id, signUp(helen, member.username.toUpperCase()));
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors).toEqual([{ path: "username", message: "Username is already taken." }]);
    const [row] = await db().select().from(invites).where(eq(invites.id, invite.id));
    expect(row!.acceptedAt).toBeNull();
  });
});

const ids = (list: { id: string }[]) => list.map((invite) => invite.id);

describe("pending invites", () => {
  it("lists open invites; resend refreshes updatedAt and mails again; revoke removes it and kills the link", async () => {
    const { cookie } = await adminCookie();
    const helen = person();
    const invite = await (await createInvite(helen, cookie)).json();
    expect(ids(await (await listInvites(cookie)).json())).toContain(invite.id);

    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = mail.messages.length;
    const resent = await resend(invite.id, cookie);
    expect(resent.status).toBe(200);
    const after = await resent.json();
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(invite.updatedAt));
    const again = await mail.waitForMail(helen.email, { since });
    expect(linksIn(again)).toContain(`http://club.test/invites/${invite.id}`);

    const revoked = await revoke(invite.id, cookie);
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).revokedAt).toEqual(expect.any(String));
    expect(ids(await (await listInvites(cookie)).json())).not.toContain(invite.id);
    expect((await (await getInvite(invite.id)).json()).revokedAt).toEqual(expect.any(String));

    const late = await accept(invite.id, signUp(helen, `late_${Date.now().toString(36)}`));
    expect(late.status).toBe(410);
    expect(await late.json()).toEqual({ message: "This invite is no longer available." });
    const [row] = await db().select().from(users).where(eq(users.email, helen.email));
    expect(row).toBeUndefined();
  });

  it("keeps nothing when the e-mail cannot be sent", async () => {
    const { cookie } = await adminCookie();
    const helen = person();
    // A port nobody listens on.
    closeMail();
    const previous = process.env.SMTP_URL;
    const cachedEnv = env();
    const original = cachedEnv.SMTP_URL;
    cachedEnv.SMTP_URL = "smtp://127.0.0.1:9";
    try {
      const response = await createInvite(helen, cookie);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ message: "The invite e-mail could not be sent. Please try again." });
    } finally {
      cachedEnv.SMTP_URL = original;
      process.env.SMTP_URL = previous;
      closeMail();
    }
    const rows = await db().select().from(invites).where(eq(invites.email, helen.email));
    expect(rows).toEqual([]);
  });
});
