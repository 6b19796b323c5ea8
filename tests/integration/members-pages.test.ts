// The members pages' loaders and actions: directory, member pages (visibility
// rule), /account, the profile form's own encoding, and the admin list's buttons.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { invites, meetings, users } from "@db/schema";
import { action as adminMembersAction, loader as adminMembers } from "~/routes/admin/members";
import { action as adminEditAction, loader as adminEdit } from "~/routes/admin/member-edit";
import { action as editAction, loader as editPage } from "~/routes/members/edit";
import { loader as directory } from "~/routes/members/index";
import { loader as accountPage } from "~/routes/account";
import { nextMeeting } from "~/services/meetings/next-meeting.server";
import { NotFoundError } from "~/services/errors.server";
import { findMemberForPage } from "~/services/members/members.server";
import { takeFlash } from "~/server/flash.server";
import { cookieFor, makeMember, memberAndOther, request, TEST_PASSWORD } from "../support/members";
import { call } from "../support/routes";
import { deleteRowsById } from "../support/rows";
import { useOwnDatabase } from "../support/test-database";

const location = (response: Response) => response.headers.get("Location");
/** Posts the profile form at /members/{username}/edit. */
const saveProfile = (username: string, body: URLSearchParams, cookie?: string) =>
  call(editAction, request(`/members/${username}/edit`, { method: "POST", body, cookie }), { username });

function profileForm(
  member: { firstName: string; lastName: string; username: string; email: string },
  extra: Record<string, string> = {},
) {
  return new URLSearchParams({
    firstName: member.firstName,
    lastName: member.lastName,
    username: member.username,
    email: member.email,
    phone: "",
    bio: "",
    website: "",
    isPublic: "on",
    license: "allrightsreserved",
    acquireLicensePage: "",
    password: "",
    confirmPassword: "",
    picture: "",
    ...extra,
  });
}

describe("member pages follow the visibility rule", () => {
  it("findMemberForPage: 404 for a visitor opening a non-public or deactivated member; members see active ones, admins all", async () => {
    const hidden = await makeMember({ isPublic: false });
    const gone = await makeMember({ deactivatedAt: new Date() });
    const shown = await makeMember();
    const viewer = await makeMember();
    const admin = await makeMember({ isAdmin: true });

    for (const member of [hidden, gone]) {
      await expect(findMemberForPage(member.username, null)).rejects.toBeInstanceOf(NotFoundError);
      expect((await findMemberForPage(member.username.toUpperCase(), admin)).id).toBe(member.id);
    }
    // Members see everyone active, but not a deactivated member.
    expect((await findMemberForPage(hidden.username, viewer)).id).toBe(hidden.id);
    await expect(findMemberForPage(gone.username, viewer)).rejects.toBeInstanceOf(NotFoundError);
    await expect(findMemberForPage("no_such_member", viewer)).rejects.toMatchObject({
      status: 404,
      message: "Member not found.",
    });
    const page = await findMemberForPage(shown.username, null);
    expect(page).toMatchObject({ id: shown.id, firstName: "Vivian", bio: null, website: null });
    expect(page).not.toHaveProperty("email");
  });

  it("the directory lists public members for visitors and offers 'Manage Members' to admins only", async () => {
    const hidden = await makeMember({ isPublic: false });
    const asVisitor = await (await call(directory, request("/members"))).json();
    expect(asVisitor.isAdmin).toBe(false);
    expect(asVisitor.members.map((m: { id: number }) => m.id)).not.toContain(hidden.id);

    const member = await makeMember();
    const asMember = await (await call(directory, request("/members", { cookie: await cookieFor(member.id) }))).json();
    expect(asMember.isAdmin).toBe(false);
    expect(asMember.members.map((m: { id: number }) => m.id)).toContain(hidden.id);

    const admin = await makeMember({ isAdmin: true });
    expect(
      (await (await call(directory, request("/members", { cookie: await cookieFor(admin.id) }))).json()).isAdmin,
    ).toBe(true);
  });
});

describe("/account", () => {
  // The next meeting is the club's: no other file's meetings may come first.
  useOwnDatabase("club_account");
  it("needs a member, and shows who they are", async () => {
    expect(location(await call(accountPage, request("/account")))).toBe("/login?from=%2Faccount");
    const member = await makeMember();
    const body = await (await call(accountPage, request("/account", { cookie: await cookieFor(member.id) }))).json();
    expect(body.member).toMatchObject({ id: member.id, email: member.email });
    expect(body).toHaveProperty("nextMeeting");
  });

  it("the next meeting is the earliest one that started at most two hours ago", async () => {
    // Far in the future, so other suites' meetings do not interfere.
    const now = new Date("2090-06-01T20:00:00Z");
    const rows = await db()
      .insert(meetings)
      .values([
        { startsAt: new Date("2090-06-01T17:30:00Z"), topic: "Too long ago" },
        { startsAt: new Date("2090-06-01T18:30:00Z"), topic: "Night walk\nBring a flash" },
        { startsAt: new Date("2090-06-08T18:00:00Z"), topic: "Next week" },
      ])
      .returning({ id: meetings.id });
    try {
      const next = await nextMeeting(now);
      expect(next).toEqual({
        id: rows[1]!.id,
        startsAt: "2090-06-01T18:30:00.000Z",
        title: "Night walk",
        callLink: null,
      });
      expect(await nextMeeting(new Date("2090-06-09T00:00:00Z"))).toBeNull();
    } finally {
      await deleteRowsById(meetings, rows);
    }
  });
});

describe("the profile form", () => {
  it("a member saves their own profile and goes back to it with 'Your account has been updated!'", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    expect(
      (await call(editPage, request(`/members/${member.username}/edit`, { cookie }), { username: member.username }))
        .status,
    ).toBe(200);

    const body = profileForm({ ...member, firstName: "Viv", username: `${member.username}x` }, { bio: "Hello" });
    const response = await saveProfile(member.username, body, cookie);
    expect(response.status).toBe(302);
    expect(location(response)).toBe(`/members/${member.username}x/edit`);
    expect(response.headers.get("Set-Cookie")).toMatch(/__flash=/);
    expect(response.headers.get("Set-Cookie")).not.toMatch(/__session=/);
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ firstName: "Viv", bio: "Hello", isPublic: true, isAdmin: false });
  });

  it("an unchecked 'Show my profile to visitors' means not public; a new password gives a fresh session", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const body = profileForm(member, {
      password: "new-darkroom-4",
      confirmPassword: "new-darkroom-4",
      currentPassword: TEST_PASSWORD,
    });
    body.delete("isPublic");
    const response = await saveProfile(member.username, body, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=/);
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row!.isPublic).toBe(false);
  });

  it("answers 422 with the form's errors, and 403 for someone else's form or an admin flag from a member", async () => {
    const { member, other, cookie } = await memberAndOther();
    const bad = await saveProfile(
      member.username,
      profileForm(member, { email: "nope", password: "darkroom42", confirmPassword: "x" }),
      cookie,
    );
    expect(bad.status).toBe(422);
    const text = JSON.stringify(await bad.json());
    expect(text).toContain("Email must be a valid email address.");
    expect(text).toContain("Passwords do not match.");
    expect(text).not.toContain("darkroom42");

    expect(
      (await call(editPage, request(`/members/${other.username}/edit`, { cookie }), { username: other.username }))
        .status,
    ).toBe(403);
    const foreign = await saveProfile(other.username, profileForm(other, { firstName: "Hacked" }), cookie);
    expect(foreign.status).toBe(403);
    const selfPromotion = await saveProfile(member.username, profileForm(member, { isAdmin: "on" }), cookie);
    expect(selfPromotion.status).toBe(403);
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row!.isAdmin).toBe(false);
    expect(
      (await call(editPage, request("/members/nobody_here/edit", { cookie }), { username: "nobody_here" })).status,
    ).toBe(404);
  });

  it("an admin edits anyone at /admin/members/{id or username}: an unchecked 'Administrator' box removes the flag", async () => {
    const admin = await makeMember({ isAdmin: true });
    const other = await makeMember({ isAdmin: true });
    const cookie = await cookieFor(admin.id);
    expect(
      (await call(adminEdit, request(`/admin/members/${other.username}`, { cookie }), { userId: other.username }))
        .status,
    ).toBe(200);
    const page = await (
      await call(adminEdit, request(`/admin/members/${other.id}`, { cookie }), { userId: String(other.id) })
    ).json();
    expect(page.member).toMatchObject({ id: other.id, email: other.email, isAdmin: true });

    const body = profileForm(other, { createdAt: "2022-02-02" });
    const response = await call(
      adminEditAction,
      request(`/admin/members/${other.id}`, { method: "POST", body, cookie }),
      {
        userId: String(other.id),
      },
    );
    expect(location(response)).toBe("/admin/members");
    const [row] = await db().select().from(users).where(eq(users.id, other.id));
    expect(row!.isAdmin).toBe(false);
    expect(row!.createdAt.toISOString()).toBe("2022-02-02T12:00:00.000Z");

    const member = await makeMember();
    const asMember = await call(
      adminEdit,
      request(`/admin/members/${other.id}`, { cookie: await cookieFor(member.id) }),
      {
        userId: String(other.id),
      },
    );
    expect(location(asMember)).toBe("/");
  });
});

describe("the message after saving a profile", () => {
  /** The flash message a redirect sets, as the next page would show it. */
  async function flashOf(response: Response) {
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    const flash = /__flash=[^;]*/.exec(setCookie)?.[0];
    return (await takeFlash(new Request("http://club.test/", { headers: { Cookie: flash ?? "" } }))).message;
  }

  it("an admin saving someone else's profile hears about that member; saving their own, the contract's text", async () => {
    const admin = await makeMember({ isAdmin: true });
    const other = await makeMember({ firstName: "Vivian" });
    const cookie = await cookieFor(admin.id);

    const atAdminPage = await call(
      adminEditAction,
      request(`/admin/members/${other.id}`, {
        method: "POST",
        body: profileForm(other, { lastName: "Maier" }),
        cookie,
      }),
      { userId: String(other.id) },
    );
    expect(location(atAdminPage)).toBe("/admin/members");
    expect(await flashOf(atAdminPage)).toBe("Vivian Maier's profile has been updated!");

    const atMemberPage = await saveProfile(other.username, profileForm(other, { lastName: "Maier" }), cookie);
    expect(await flashOf(atMemberPage)).toBe("Vivian Maier's profile has been updated!");

    const own = await saveProfile(admin.username, profileForm(admin), cookie);
    expect(await flashOf(own)).toBe("Your account has been updated!");
  });
});

describe("/admin/members", () => {
  it("lists pending invites and every member, deactivated ones too", async () => {
    const admin = await makeMember({ isAdmin: true });
    const gone = await makeMember({ deactivatedAt: new Date() });
    const body = await (
      await call(adminMembers, request("/admin/members", { cookie: await cookieFor(admin.id) }))
    ).json();
    expect(body.adminId).toBe(admin.id);
    expect(body.members.find((m: { id: number }) => m.id === gone.id)).toMatchObject({
      email: gone.email,
      deactivatedAt: expect.any(String),
    });
    expect(Array.isArray(body.invites)).toBe(true);
  });

  it("the buttons: deactivate/reactivate with a message, yourself refused, revoke", async () => {
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember({ firstName: "Gina" });
    const cookie = await cookieFor(admin.id);
    const post = (fields: Record<string, string>) =>
      call(
        adminMembersAction,
        request("/admin/members", { method: "POST", body: new URLSearchParams(fields), cookie }),
      );

    const off = await post({ intent: "toggle", userId: String(member.id) });
    expect(location(off)).toBe("/admin/members");
    expect(decodeURIComponent(off.headers.get("Set-Cookie") ?? "")).toContain("__flash=");
    let [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row!.deactivatedAt).not.toBeNull();
    await post({ intent: "toggle", userId: String(member.id) });
    [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row!.deactivatedAt).toBeNull();

    // A refusal is the fetcher's answer, for the error modal.
    const self = await post({ intent: "toggle", userId: String(admin.id) });
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({ error: "You cannot deactivate yourself." });
    [row] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(row!.deactivatedAt).toBeNull();

    const [invite] = await db()
      .insert(invites)
      .values({
        id: `page-test-${Date.now()}-abcdef`,
        firstName: "Rae",
        lastName: "Russel",
        email: `rae_${Date.now()}@example.com`,
      })
      .returning();
    await post({ intent: "revoke", inviteId: invite!.id });
    const [revoked] = await db().select().from(invites).where(eq(invites.id, invite!.id));
    expect(revoked!.revokedAt).not.toBeNull();

    const member2 = await makeMember();
    const asMember = await call(
      adminMembersAction,
      request("/admin/members", {
        method: "POST",
        body: new URLSearchParams({ intent: "toggle", userId: String(admin.id) }),
        cookie: await cookieFor(member2.id),
      }),
    );
    expect(location(asMember)).toBe("/");
  });
});
