// /api/users: the directory, a member's profile, editing it, and deactivation,
// with every refusal (visitor 401, member 403, bad input 422, unknown 404).
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { passwordResetTokens, users } from "@db/schema";
import { loader as listApi } from "~/routes/api/users";
import { action as userAction, loader as userApi } from "~/routes/api/users.user";
import { loader as meApi } from "~/routes/api/users.me";
import { verifyLogin } from "~/services/auth/login.server";
import { cookieFor, cookieHeaderFrom, makeMember, memberAndOther, request, TEST_PASSWORD } from "../support/members";
import { call } from "../support/routes";
import { useOwnDatabase } from "../support/test-database";

const getUsers = (query = "", cookie?: string) => call(listApi, request(`/api/users${query}`, { cookie }));
const getUser = (id: number | string, cookie?: string) =>
  call(userApi, request(`/api/users/${id}`, { cookie }), { userId: String(id) });
const patchUser = (id: number, json: unknown, cookie?: string, method = "PATCH") =>
  call(userAction, request(`/api/users/${id}`, { method, json, cookie }), { userId: String(id) });
const toggleUser = (id: number, cookie?: string) =>
  call(userAction, request(`/api/users/${id}`, { method: "DELETE", cookie }), { userId: String(id) });

async function deactivate(id: number) {
  await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, id));
}

async function hidden(id: number) {
  await db().update(users).set({ isPublic: false }).where(eq(users.id, id));
}

/** One member of each kind the directory treats apart: shown (public and active), not public, deactivated. */
async function directoryKinds() {
  const shown = await makeMember();
  const notPublic = await makeMember();
  const gone = await makeMember();
  await hidden(notPublic.id);
  await deactivate(gone.id);
  return { shown, notPublic, gone };
}

const ids = (list: { id: number }[]) => list.map((member) => member.id);

describe("GET /api/users", () => {
  it("shows a visitor the active public members only, without contact details", async () => {
    const { shown, notPublic, gone } = await directoryKinds();

    const response = await getUsers();
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>[];
    const listed = ids(body as { id: number }[]);
    expect(listed).toContain(shown.id);
    expect(listed).not.toContain(notPublic.id);
    expect(listed).not.toContain(gone.id);
    const entry = body.find((m) => m.id === shown.id)!;
    expect(entry).toMatchObject({ username: shown.username, firstName: "Vivian", lastName: shown.lastName });
    expect(entry).toHaveProperty("pictureThumbUrl");
    for (const secret of ["email", "phone", "isAdmin", "password", "passwordHash"])
      expect(entry).not.toHaveProperty(secret);
  });

  it("shows a member every active member, by last name", async () => {
    const { shown: viewer, notPublic, gone } = await directoryKinds();

    const body = (await (await getUsers("", await cookieFor(viewer.id))).json()) as {
      id: number;
      lastName: string;
      email?: string;
    }[];
    expect(ids(body)).toContain(notPublic.id);
    expect(ids(body)).not.toContain(gone.id);
    const names = body.map((m) => m.lastName.toLowerCase());
    expect(names).toEqual([...names].sort());
    // Their own entry is whole; other members' contact details stay private.
    expect(body.find((m) => m.id === viewer.id)?.email).toBe(viewer.email);
    expect(body.find((m) => m.id === notPublic.id)).not.toHaveProperty("email");
  });

  it("showAll=true includes deactivated members, for admins only", async () => {
    const gone = await makeMember();
    await deactivate(gone.id);

    expect((await getUsers("?showAll=true")).status).toBe(401);
    const member = await makeMember();
    const forbidden = await getUsers("?showAll=true", await cookieFor(member.id));
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: expect.any(String) });

    const admin = await makeMember({ isAdmin: true });
    const all = (await (await getUsers("?showAll=true", await cookieFor(admin.id))).json()) as Record<
      string,
      unknown
    >[];
    const entry = all.find((m) => m.id === gone.id);
    expect(entry).toMatchObject({ email: gone.email, isAdmin: false, deactivatedAt: expect.any(String) });
    // Without showAll an admin sees the directory as members do.
    const plain = (await (await getUsers("", await cookieFor(admin.id))).json()) as { id: number }[];
    expect(ids(plain)).not.toContain(gone.id);
  });
});

describe("GET /api/users/{id}", () => {
  it("follows the visibility rule", async () => {
    const { shown, notPublic, gone } = await directoryKinds();
    const member = await makeMember();
    const admin = await makeMember({ isAdmin: true });

    const asVisitor = await getUser(shown.id);
    expect(asVisitor.status).toBe(200);
    expect(await asVisitor.json()).not.toHaveProperty("email");
    expect((await getUser(notPublic.id)).status).toBe(404);
    expect((await getUser(gone.id)).status).toBe(404);

    const memberCookie = await cookieFor(member.id);
    expect((await getUser(notPublic.id, memberCookie)).status).toBe(200);
    expect(await (await getUser(member.id, memberCookie)).json()).toMatchObject({
      email: member.email,
      isAdmin: false,
    });

    const asAdmin = await getUser(gone.id, await cookieFor(admin.id));
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.json()).toMatchObject({ email: gone.email, deactivatedAt: expect.any(String) });
  });

  it("answers 404 JSON for an unknown or malformed id", async () => {
    for (const id of ["999999999", "abc", "-1", "1.5"]) {
      const response = await getUser(id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Member not found." });
    }
  });
});

/** What a client sends back: the GET body, createdAt without fractional seconds, password blank (docs/api.md). */
async function editable(id: number, cookie: string) {
  const body = (await (await getUser(id, cookie)).json()) as Record<string, unknown>;
  return { ...body, createdAt: String(body.createdAt).replace(/\.\d+Z$/, "Z"), password: "", confirmPassword: "" };
}

describe("PATCH /api/users/{id}", () => {
  it("lets a member edit their own profile by sending the whole user back", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const body = await editable(member.id, cookie);
    const response = await patchUser(
      member.id,
      {
        ...body,
        firstName: "  Viv ",
        bio: "Chicago streets.\nMostly Rolleiflex.",
        website: "vivianmaier.com",
        phone: "",
        isPublic: false,
        license: "ccbync",
        acquireLicensePage: "https://prints.example.com/viv",
        username: `${member.username}_new`,
      },
      cookie,
    );
    expect(response.status).toBe(200);
    const saved = await response.json();
    expect(saved).toMatchObject({
      id: member.id,
      firstName: "Viv",
      bio: "Chicago streets.\nMostly Rolleiflex.",
      website: "https://vivianmaier.com",
      phone: null,
      isPublic: false,
      license: "ccbync",
      acquireLicensePage: "https://prints.example.com/viv",
      username: `${member.username}_new`,
      isAdmin: false,
      createdAt: member.createdAt.toISOString(),
    });
    expect(saved).not.toHaveProperty("password");
    // No password change: the session goes on, and no new cookie is set.
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect((await call(meApi, request("/api/users/me", { cookie }))).status).toBe(200);
  });

  it("keeps fields a partial body leaves out; PUT works the same", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    await patchUser(member.id, { bio: "First bio" }, cookie);
    const response = await patchUser(member.id, { lastName: "Arbus" }, cookie, "PUT");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ lastName: "Arbus", bio: "First bio", email: member.email });
  });

  it("refuses a visitor (401) and a member editing someone else (403), changing nothing", async () => {
    const member = await makeMember();
    const other = await makeMember();
    expect((await patchUser(other.id, { firstName: "Hacked" })).status).toBe(401);
    const forbidden = await patchUser(other.id, { firstName: "Hacked" }, await cookieFor(member.id));
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: "You may only edit your own profile." });
    const [row] = await db().select().from(users).where(eq(users.id, other.id));
    expect(row!.firstName).toBe("Vivian");
  });

  it("refuses a member making themself admin or changing when they joined (403)", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const body = await editable(member.id, cookie);
    const admin = await patchUser(member.id, { ...body, isAdmin: true }, cookie);
    expect(admin.status).toBe(403);
    expect(await admin.json()).toEqual({ message: "Only admins may change who is an admin." });
    const joined = await patchUser(member.id, { ...body, createdAt: "2001-01-01" }, cookie);
    expect(joined.status).toBe(403);
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ isAdmin: false, createdAt: member.createdAt });
  });

  it("lets an admin edit anyone, including 'Administrator' and 'Joined on'", async () => {
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember();
    await deactivate(member.id);
    const cookie = await cookieFor(admin.id);
    const response = await patchUser(member.id, { isAdmin: true, createdAt: "2021-05-06", firstName: "Garry" }, cookie);
    expect(response.status).toBe(200);
    const saved = await response.json();
    expect(saved).toMatchObject({ isAdmin: true, firstName: "Garry", createdAt: "2021-05-06T12:00:00.000Z" });
    // The same date sent back changes nothing.
    const again = await patchUser(member.id, { createdAt: "2021-05-06T12:00:00Z" }, cookie);
    expect((await again.json()).createdAt).toBe("2021-05-06T12:00:00.000Z");
  });

  it("answers 422 with errors under each field", async () => {
    const { member, other, cookie } = await memberAndOther();
    const response = await patchUser(
      member.id,
      {
        firstName: "",
        email: "not-an-email",
        username: other.username.toUpperCase(),
        website: "ftp://files.example.com",
        license: "gpl",
        password: "darkroom42",
        confirmPassword: "darkroom24",
      },
      cookie,
    );
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.message).toBeUndefined();
    const paths = (body.errors as { path: string; message: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(["confirmPassword", "email", "firstName", "license", "website"]);
    expect(body.errors).toContainEqual({ path: "confirmPassword", message: "Passwords do not match." });
    expect(body.errors).toContainEqual({ path: "firstName", message: "First name is required." });

    // Taken names are checked once the fields are well-formed, ignoring case.
    const taken = await patchUser(
      member.id,
      { username: other.username.toUpperCase(), email: other.email.toUpperCase() },
      cookie,
    );
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors).toEqual([
      { path: "username", message: "Username is already taken." },
      { path: "email", message: "Email is already in use." },
    ]);

    const weak = await patchUser(member.id, { password: "password", confirmPassword: "password" }, cookie);
    expect((await weak.json()).errors).toEqual([
      { path: "password", message: "Minimum eight characters, at least one letter and one number." },
    ]);

    const notJson = await call(
      userAction,
      request(`/api/users/${member.id}`, {
        method: "PATCH",
        body: "{",
        headers: { "Content-Type": "application/json" },
        cookie,
      }),
      { userId: String(member.id) },
    );
    expect(notJson.status).toBe(422);
    expect((await patchUser(member.id, [1, 2], cookie)).status).toBe(422);
  });

  it("changes the password: the old one and other sessions stop working, this one goes on, reset links die", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const otherDevice = await cookieFor(member.id);
    await db()
      .insert(passwordResetTokens)
      .values({ tokenHash: `test-${member.id}`, userId: member.id, expiresAt: new Date(Date.now() + 60_000) });

    const response = await patchUser(
      member.id,
      { password: "new-darkroom-42", confirmPassword: "new-darkroom-42", currentPassword: TEST_PASSWORD },
      cookie,
    );
    expect(response.status).toBe(200);
    const fresh = cookieHeaderFrom(response.headers.get("Set-Cookie"));

    expect((await call(meApi, request("/api/users/me", { cookie: otherDevice }))).status).toBe(204);
    expect((await call(meApi, request("/api/users/me", { cookie: fresh }))).status).toBe(200);
    await expect(verifyLogin(member.username, TEST_PASSWORD, "10.50.0.1")).rejects.toMatchObject({ status: 422 });
    expect((await verifyLogin(member.username, "new-darkroom-42", "10.50.0.1")).id).toBe(member.id);
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id))).toEqual([]);
  });

  it("asks a member changing their own password or email for the current one, and counts wrong guesses", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const newPassword = { password: "new-darkroom-42", confirmPassword: "new-darkroom-42" };
    const newEmail = { email: `new-${member.email}` };
    for (const change of [newPassword, newEmail]) {
      const missing = await patchUser(member.id, change, cookie);
      expect(missing.status).toBe(422);
      expect((await missing.json()).errors).toEqual([
        { path: "currentPassword", message: "Please enter your current password to change your password or email." },
      ]);
      const wrong = await patchUser(member.id, { ...change, currentPassword: "not-my-password-1" }, cookie);
      expect(wrong.status).toBe(422);
      expect((await wrong.json()).errors).toEqual([
        { path: "currentPassword", message: "This is not your current password." },
      ]);
    }
    // Nothing changed: the old password still logs in, the email is the same.
    expect((await verifyLogin(member.email, TEST_PASSWORD, "10.50.0.2")).id).toBe(member.id);
    // Other fields, and the email in another letter case, need no password.
    expect(
      (await patchUser(member.id, { bio: "Street, mostly.", email: member.email.toUpperCase() }, cookie)).status,
    ).toBe(200);
    const changed = await patchUser(member.id, { ...newEmail, currentPassword: TEST_PASSWORD }, cookie);
    expect(changed.status).toBe(200);
    expect((await changed.json()).email).toBe(newEmail.email);
    // Guessing through the profile is throttled like the log-in: the fifth wrong guess is 429.
    const guesses = [];
    for (let i = 0; i < 6; i++) {
      guesses.push((await patchUser(member.id, { ...newPassword, currentPassword: `guess-${i}-x1` }, cookie)).status);
    }
    expect(guesses).toContain(429);
  });

  it("an admin changing a member's password ends that member's sessions, not the admin's", async () => {
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember();
    const adminCookie = await cookieFor(admin.id);
    const memberCookie = await cookieFor(member.id);
    const response = await patchUser(
      member.id,
      { password: "reset-by-admin-1", confirmPassword: "reset-by-admin-1" },
      adminCookie,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect((await call(meApi, request("/api/users/me", { cookie: memberCookie }))).status).toBe(204);
    expect((await call(meApi, request("/api/users/me", { cookie: adminCookie }))).status).toBe(200);
  });

  it("refuses a picture that is not an upload of the caller (422 under picture)", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const response = await patchUser(member.id, { picture: "forged--signature" }, cookie);
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual([expect.objectContaining({ path: "picture" })]);
  });
});

describe("DELETE /api/users/{id}", () => {
  it("refuses a visitor (401), a member (403), an admin's own account (403) and an unknown member (404)", async () => {
    const member = await makeMember();
    const admin = await makeMember({ isAdmin: true });
    expect((await toggleUser(member.id)).status).toBe(401);
    expect((await toggleUser(admin.id, await cookieFor(member.id))).status).toBe(403);
    const adminCookie = await cookieFor(admin.id);
    const self = await toggleUser(admin.id, adminCookie);
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({ message: "You cannot deactivate yourself." });
    expect((await toggleUser(999_999_999, adminCookie)).status).toBe(404);
    const [row] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(row!.deactivatedAt).toBeNull();
  });

  it("deactivates: sessions and live connections end, login says deactivated; the same call reactivates", async () => {
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember();
    const adminCookie = await cookieFor(admin.id);
    const memberCookie = await cookieFor(member.id);
    const off = await toggleUser(member.id, adminCookie);
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ id: member.id, deactivatedAt: expect.any(String) });
    // (Their live sockets closing is proven on a real socket server in realtime.test.ts.)
    // Their old cookie is nobody now: the API says 401, and they cannot log in.
    expect((await call(meApi, request("/api/users/me", { cookie: memberCookie }))).status).toBe(204);
    expect((await patchUser(member.id, { bio: "still here?" }, memberCookie)).status).toBe(401);
    await expect(verifyLogin(member.username, TEST_PASSWORD, "10.51.0.1")).rejects.toMatchObject({
      status: 403,
      message: "Your account is deactivated.",
    });
    expect(ids(await (await getUsers()).json())).not.toContain(member.id);

    const on = await toggleUser(member.id, adminCookie);
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ id: member.id, deactivatedAt: null });
    expect((await verifyLogin(member.username, TEST_PASSWORD, "10.51.0.1")).id).toBe(member.id);
  });
});

describe("the last admin", () => {
  // A database of its own, so the club's active admins are exactly the ones made here.
  useOwnDatabase("club_last_admin");

  const activeAdmins = () =>
    db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)));

  it("is never demoted: 422 under isAdmin", async () => {
    const only = await makeMember({ isAdmin: true });
    const response = await patchUser(only.id, { isAdmin: false }, await cookieFor(only.id));
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual([
      { path: "isAdmin", message: "The club needs at least one admin." },
    ]);
    expect(await activeAdmins()).toEqual([{ id: only.id }]);
    await deactivate(only.id);
  });

  it("two admins demoting each other at once: exactly one succeeds, and one admin is left", async () => {
    for (let round = 0; round < 5; round++) {
      const ann = await makeMember({ isAdmin: true });
      const bob = await makeMember({ isAdmin: true });
      expect(await activeAdmins()).toHaveLength(2);
      const [annCookie, bobCookie] = [await cookieFor(ann.id), await cookieFor(bob.id)];
      const results = await Promise.all([
        patchUser(bob.id, { isAdmin: false }, annCookie),
        patchUser(ann.id, { isAdmin: false }, bobCookie),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const refused = results.find((r) => r.status !== 200)!;
      // Refused as the last admin, or, when its request began after the other's commit, as no admin any more.
      const reasons: Record<number, unknown> = {
        422: { errors: [{ path: "isAdmin", message: "The club needs at least one admin." }] },
        403: { message: "You may only edit your own profile." },
      };
      expect(Object.keys(reasons)).toContain(String(refused.status));
      expect(await refused.json()).toEqual(reasons[refused.status]);
      expect(await activeAdmins()).toHaveLength(1);
      // The next round starts again from two admins.
      for (const { id } of await activeAdmins()) await deactivate(id);
    }
  });
});
