import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { sessions, users } from "@db/schema";
import { action as loginApi } from "~/routes/api/auth.login";
import { loader as logoutApi } from "~/routes/api/auth.logout";
import { loader as meApi } from "~/routes/api/users.me";
import { runWithRequestFacts } from "~/base/request-context.server";
import { destroyMemberSessions } from "~/services/auth/session.server";
import { cookieFor, cookieHeaderFrom, makeMember, request, TEST_PASSWORD } from "../support/members";
import { call } from "../support/routes";

function logIn(body: unknown, address = "10.0.0.1") {
  return runWithRequestFacts({ clientAddress: address }, () =>
    call(loginApi, request("/api/auth/login", { method: "POST", json: body })),
  );
}

describe("POST /api/auth/login", () => {
  it("logs in by username or email in any case and returns the user without the password", async () => {
    const member = await makeMember();
    for (const identifier of [member.username.toUpperCase(), member.email.toUpperCase(), ` ${member.email} `]) {
      const response = await logIn({ email: identifier, password: TEST_PASSWORD });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ id: member.id, username: member.username, firstName: "Vivian", isAdmin: false });
      expect(body).not.toHaveProperty("password");
      expect(body).not.toHaveProperty("passwordHash");
      expect(JSON.stringify(body)).not.toContain("argon2");
      const setCookie = response.headers.get("Set-Cookie")!;
      expect(setCookie).toMatch(/^__session=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
    }
  });

  it("answers 422 'Invalid email and/or password.' for a wrong password or unknown member", async () => {
    const member = await makeMember();
    const wrong = await logIn({ email: member.username, password: "wrong-pass1" });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ message: "Invalid email and/or password." });
    expect(wrong.headers.get("Set-Cookie")).toBeNull();

    const unknown = await logIn({ email: "nobody-here", password: TEST_PASSWORD });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({ message: "Invalid email and/or password." });
  });

  it("answers 422 with field errors for a malformed body", async () => {
    const response = await logIn({ email: "", password: 5 });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.message).toBe("Invalid email and/or password.");
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "email" }),
        expect.objectContaining({ path: "password" }),
      ]),
    );

    const notJson = await runWithRequestFacts({ clientAddress: "10.0.0.9" }, () =>
      call(
        loginApi,
        request("/api/auth/login", { method: "POST", body: "{nope", headers: { "Content-Type": "application/json" } }),
      ),
    );
    expect(notJson.status).toBe(422);
  });

  it("answers 403 for a deactivated member, only once the password is right", async () => {
    const member = await makeMember();
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, member.id));
    const right = await logIn({ email: member.email, password: TEST_PASSWORD });
    expect(right.status).toBe(403);
    expect(await right.json()).toEqual({ message: "Your account is deactivated." });
    const wrong = await logIn({ email: member.email, password: "wrong-pass1" });
    expect(wrong.status).toBe(422);
  });
});

describe("sessions", () => {
  it("GET /api/users/me is 204 when logged out and the user when logged in", async () => {
    const anonymous = await call(meApi, request("/api/users/me"));
    expect(anonymous.status).toBe(204);

    const member = await makeMember();
    const login = await logIn({ email: member.username, password: TEST_PASSWORD });
    const cookie = cookieHeaderFrom(login.headers.get("Set-Cookie"));
    const me = await call(meApi, request("/api/users/me", { cookie }));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: member.id, email: member.email });
  });

  it("a forged or unsigned session cookie is nobody", async () => {
    const member = await makeMember();
    const login = await logIn({ email: member.username, password: TEST_PASSWORD });
    const cookie = cookieHeaderFrom(login.headers.get("Set-Cookie"));
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value!.slice(0, -3)}abc`;
    expect((await call(meApi, request("/api/users/me", { cookie: tampered }))).status).toBe(204);
  });

  it("deactivating a member ends their existing sessions at once", async () => {
    const member = await makeMember();
    const login = await logIn({ email: member.username, password: TEST_PASSWORD });
    const cookie = cookieHeaderFrom(login.headers.get("Set-Cookie"));
    expect((await call(meApi, request("/api/users/me", { cookie }))).status).toBe(200);
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, member.id));
    expect((await call(meApi, request("/api/users/me", { cookie }))).status).toBe(204);
  });

  it("destroyMemberSessions ends every session of one member (password change, deactivation)", async () => {
    const member = await makeMember();
    const other = await makeMember();
    const phone = await cookieFor(member.id);
    const laptop = await cookieFor(member.id);
    const othersCookie = await cookieFor(other.id);
    await destroyMemberSessions(member.id);
    expect((await call(meApi, request("/api/users/me", { cookie: phone }))).status).toBe(204);
    expect((await call(meApi, request("/api/users/me", { cookie: laptop }))).status).toBe(204);
    expect((await call(meApi, request("/api/users/me", { cookie: othersCookie }))).status).toBe(200);
  });

  it("GET /api/auth/logout ends the session on the server", async () => {
    const member = await makeMember();
    const login = await logIn({ email: member.username, password: TEST_PASSWORD });
    const cookie = cookieHeaderFrom(login.headers.get("Set-Cookie"));
    const logout = await call(logoutApi, request("/api/auth/logout", { cookie }));
    expect(logout.status).toBe(204);
    expect(logout.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // Replaying the old cookie does not bring the session back.
    expect((await call(meApi, request("/api/users/me", { cookie }))).status).toBe(204);
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
  });
});

describe("failed-login throttling", () => {
  it("blocks one address after 5 failures on an account, without locking the member out elsewhere", async () => {
    const member = await makeMember();
    for (let i = 0; i < 5; i++) {
      expect((await logIn({ email: member.username, password: "wrong-pass1" }, "10.1.1.1")).status).toBe(422);
    }
    const blocked = await logIn({ email: member.username, password: TEST_PASSWORD }, "10.1.1.1");
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(/Too many failed log-in attempts/);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);

    // The member, from their own address, still gets in.
    expect((await logIn({ email: member.username, password: TEST_PASSWORD }, "10.2.2.2")).status).toBe(200);
  });

  it("counts failures per member, whether the username or the email was typed", async () => {
    const member = await makeMember();
    for (const identifier of [
      member.username,
      member.email.toUpperCase(),
      member.username,
      member.email,
      member.username,
    ]) {
      expect((await logIn({ email: identifier, password: "wrong-pass1" }, "10.4.4.4")).status).toBe(422);
    }
    expect((await logIn({ email: member.email, password: TEST_PASSWORD }, "10.4.4.4")).status).toBe(429);
  });

  it("a successful login clears the address's failures for that account", async () => {
    const member = await makeMember();
    for (let i = 0; i < 4; i++) await logIn({ email: member.email, password: "wrong-pass1" }, "10.3.3.3");
    expect((await logIn({ email: member.email, password: TEST_PASSWORD }, "10.3.3.3")).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await logIn({ email: member.email, password: "wrong-pass1" }, "10.3.3.3")).status).toBe(422);
    }
  });
});

describe("a new session id at every log-in", () => {
  it("ends the session the browser held before, so an id known before logging in never becomes a logged-in one", async () => {
    const member = await makeMember();
    const before = await cookieFor(member.id);
    const response = await runWithRequestFacts({ clientAddress: "10.0.9.1" }, () =>
      call(
        loginApi,
        request("/api/auth/login", {
          method: "POST",
          json: { email: member.username, password: TEST_PASSWORD },
          cookie: before,
        }),
      ),
    );
    expect(response.status).toBe(200);
    const after = cookieHeaderFrom(response.headers.get("Set-Cookie"));
    expect(after).not.toBe(before);
    expect((await call(meApi, request("/api/users/me", { cookie: before }))).status).toBe(204);
    expect((await call(meApi, request("/api/users/me", { cookie: after }))).status).toBe(200);
  });
});
