// Open self-registration with FEATURE_REGISTRATION exactly 'true' (this file's
// process reads its environment once, so the flag is set before anything reads it).
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "~/env.server";
import { action as registerApi, loader as registerApiGet } from "~/routes/api/auth.register";
import { loader as meApi } from "~/routes/api/users.me";
import { loader as loginPage } from "~/routes/login";
import { action as registerPageAction, loader as registerPage } from "~/routes/register";
import { cookieFor, cookieHeaderFrom, makeMember, request } from "../support/members";
import { call } from "../support/routes";

beforeAll(() => {
  process.env.FEATURE_REGISTRATION = "true";
  expect(env().registrationEnabled).toBe(true);
});

let counter = 0;
function newcomer() {
  const tag = `${Date.now().toString(36)}${++counter}`;
  return {
    firstName: "Saul",
    lastName: "Leiter",
    username: `saul_${tag}`,
    email: `saul_${tag}@example.com`,
    password: "color-rain-5",
    confirmPassword: "color-rain-5",
  };
}

const register = (json: unknown) => call(registerApi, request("/api/auth/register", { method: "POST", json }));

describe("POST /api/auth/register (registration open)", () => {
  it("creates the member and logs them in", async () => {
    const saul = newcomer();
    const response = await register(saul);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ username: saul.username, email: saul.email, isAdmin: false });
    expect(body).not.toHaveProperty("password");
    const cookie = cookieHeaderFrom(response.headers.get("Set-Cookie"));
    expect(await (await call(meApi, request("/api/users/me", { cookie }))).json()).toMatchObject({ id: body.id });
  });

  it("answers 422 with errors under each field", async () => {
    const response = await register({
      firstName: "",
      username: "x",
      email: "nope",
      password: "short",
      confirmPassword: "other",
    });
    expect(response.status).toBe(422);
    const paths = (await response.json()).errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(["email", "firstName", "lastName", "password", "username"]);

    const member = await makeMember();
    const taken = await register({
      ...newcomer(),
      username: member.username.toUpperCase(),
      email: member.email.toUpperCase(),
    });
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors).toEqual([
      { path: "username", message: "Username is already taken." },
      { path: "email", message: "Email is already in use." },
    ]);
  });

  it("GET is not a way to register", async () => {
    const response = await call(registerApiGet, request("/api/auth/register"));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("/register (registration open)", () => {
  it("is shown to visitors; members are sent on", async () => {
    expect((await call(registerPage, request("/register"))).status).toBe(200);
    const member = await makeMember();
    const asMember = await call(registerPage, request("/register", { cookie: await cookieFor(member.id) }));
    expect(asMember.status).toBe(302);
  });

  it("signs up through the form and goes to / with the flash, logged in", async () => {
    const saul = newcomer();
    const response = await call(
      registerPageAction,
      request("/register", { method: "POST", body: new URLSearchParams(saul) }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/__session=/);
    expect(setCookie).toMatch(/__flash=/);
  });

  it("shows field errors for a refused form", async () => {
    const member = await makeMember();
    const body = new URLSearchParams({ ...newcomer(), username: member.username });
    const response = await call(registerPageAction, request("/register", { method: "POST", body }));
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain("Username is already taken.");
  });

  it("the log-in page offers 'Need an account?'", async () => {
    expect(await (await call(loginPage, request("/login"))).json()).toEqual({ registrationEnabled: true });
  });
});
