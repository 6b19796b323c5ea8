import { describe, expect, it } from "vitest";
import { loader as adminIndex } from "~/routes/admin/index";
import { loader as adminMembers } from "~/routes/admin/members";
import { loader as browse } from "~/routes/browse";
import { loader as commentsFeed } from "~/routes/comments";
import { loader as loginPage, action as loginAction } from "~/routes/login";
import { loader as meetingEdit } from "~/routes/meetings/edit";
import { loader as meetings } from "~/routes/meetings/index";
import { loader as templateEdit } from "~/routes/meetings/template-edit";
import { loader as memberEdit } from "~/routes/members/edit";
import { loader as memberGallery } from "~/routes/members/gallery";
import { loader as memberPage } from "~/routes/members/member";
import { loader as passwordsIndex } from "~/routes/passwords/index";
import { loader as register } from "~/routes/register";
import { action as notFoundApiAction, loader as notFoundApi } from "~/routes/api/not-found";
import { runWithRequestFacts } from "~/base/request-context.server";
import { cookieFor, makeMember, request, TEST_PASSWORD } from "../support/members";
import { hoursFromNow, insertMeeting, insertTemplate } from "../support/meetings";
import { call } from "../support/routes";

const location = (response: Response) => response.headers.get("Location");

describe("login-required routes", () => {
  it.each([
    ["/meetings?year=2024&page=2", meetings],
    ["/members/someone/edit", memberEdit],
    ["/browse", browse],
    ["/comments", commentsFeed],
  ])("send a visitor from %s to /login, remembering where they were", async (path, loader) => {
    const response = await call(loader, request(path));
    expect(response.status).toBe(302);
    expect(location(response)).toBe(`/login?${new URLSearchParams({ from: path })}`);
  });

  it("let a member through", async () => {
    const member = await makeMember();
    const response = await call(meetings, request("/meetings", { cookie: await cookieFor(member.id) }));
    expect(response.status).toBe(200);
  });

  it("remember the page, not React Router's data-request URL", async () => {
    const response = await call(meetings, request("/meetings.data?year=2023&_routes=routes%2Fmeetings%2Findex"));
    expect(location(response)).toBe(`/login?${new URLSearchParams({ from: "/meetings?year=2023" })}`);
  });
});

describe("admin-only routes", () => {
  // The forms of a meeting and a template that exist (a missing one is the admin's 404).
  type Target = { path: string; params: Record<string, string> };
  const meetingForm = async (): Promise<Target> => {
    const { id } = await insertMeeting({ startsAt: hoursFromNow(48) });
    return { path: `/meetings/${id}/edit`, params: { meetingId: String(id) } };
  };
  const templateForm = async (): Promise<Target> => {
    const { id } = await insertTemplate();
    return { path: `/meetings/templates/${id}/edit`, params: { meetingId: String(id) } };
  };

  it.each([
    ["/admin/members", adminMembers, async (): Promise<Target> => ({ path: "/admin/members", params: {} })],
    ["a meeting's edit form", meetingEdit, meetingForm],
    ["a template's edit form", templateEdit, templateForm],
  ])("%s: visitor to /login with from, member to /, admin through", async (_name, loader, target) => {
    const { path, params } = await target();
    const visitor = await call(loader, request(path), params);
    expect(location(visitor)).toBe(`/login?${new URLSearchParams({ from: path })}`);

    const member = await makeMember();
    const asMember = await call(loader, request(path, { cookie: await cookieFor(member.id) }), params);
    expect(asMember.status).toBe(302);
    expect(location(asMember)).toBe("/");

    const admin = await makeMember({ isAdmin: true });
    const asAdmin = await call(loader, request(path, { cookie: await cookieFor(admin.id) }), params);
    expect(asAdmin.status).toBe(200);
  });

  it("/admin goes to /admin/members for an admin", async () => {
    const admin = await makeMember({ isAdmin: true });
    const response = await call(adminIndex, request("/admin", { cookie: await cookieFor(admin.id) }));
    expect(location(response)).toBe("/admin/members");
  });
});

describe("the API's answers", () => {
  it("unknown /api paths are JSON 404s", async () => {
    for (const handler of [notFoundApi, notFoundApiAction]) {
      const response = await call(handler, request("/api/nothing-here"));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not Found" });
    }
  });
});

describe("the redirects the contract fixes", () => {
  it("/passwords goes to /passwords/forgot", async () => {
    expect(location(await call(passwordsIndex, request("/passwords")))).toBe("/passwords/forgot");
  });

  it("/members/{username} goes to 'all' for a member and to last year for a visitor", async () => {
    const member = await makeMember();
    const asMember = await call(memberPage, request("/members/ann", { cookie: await cookieFor(member.id) }), {
      username: "ann",
    });
    expect(location(asMember)).toBe("/members/ann/all");
    const asVisitor = await call(memberPage, request("/members/ann"), { username: "ann" });
    expect(location(asVisitor)).toBe(`/members/ann/${new Date().getFullYear() - 1}`);
  });

  it("the 'all' gallery is for members only", async () => {
    const response = await call(memberGallery, request("/members/ann/all"), { username: "ann", year: "all" });
    expect(response.status).toBe(404);
  });
});

describe("/login", () => {
  it("bounces a logged-in member at once, to 'from' when given", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    expect(location(await call(loginPage, request("/login", { cookie })))).toBe("/");
    expect(location(await call(loginPage, request("/login?from=%2Fbrowse", { cookie })))).toBe("/browse");
    // Only paths on this site: never an open redirect.
    expect(location(await call(loginPage, request("/login?from=https%3A%2F%2Fevil.example", { cookie })))).toBe("/");
  });

  it("logs in through the form and goes to 'from' with a session cookie", async () => {
    const member = await makeMember();
    const body = new URLSearchParams({ email: member.email, password: TEST_PASSWORD, from: "/meetings" });
    const response = await runWithRequestFacts({ clientAddress: "10.9.0.1" }, () =>
      call(loginAction, request("/login", { method: "POST", body })),
    );
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/meetings");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=/);
  });

  it("counts failed log-ins against the address React Router's load context names", async () => {
    const member = await makeMember();
    const post = (password: string, clientAddress: string) =>
      call(
        loginAction,
        request("/login", { method: "POST", body: new URLSearchParams({ email: member.email, password }) }),
        {},
        { clientAddress },
      );
    for (let i = 0; i < 5; i++) expect((await post("wrong-pass1", "10.9.1.1")).status).toBe(422);
    // That address is throttled for this member; another is not.
    expect((await post(TEST_PASSWORD, "10.9.1.1")).status).toBe(429);
    expect((await post(TEST_PASSWORD, "10.9.1.2")).status).toBe(302);
  });

  it("shows 'Invalid email and/or password.' for a wrong password", async () => {
    const member = await makeMember();
    const body = new URLSearchParams({ email: member.email, password: "wrong-pass1" });
    const response = await runWithRequestFacts({ clientAddress: "10.9.0.2" }, () =>
      call(loginAction, request("/login", { method: "POST", body })),
    );
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain("Invalid email and/or password.");
  });
});

describe("/register", () => {
  it("does not exist unless FEATURE_REGISTRATION is exactly 'true'", async () => {
    // env() is parsed once per process; FEATURE_REGISTRATION is unset in tests.
    const response = await call(register, request("/register"));
    expect(response.status).toBe(404);
  });
});
