// With FEATURE_REGISTRATION anything but exactly 'true', registration does not exist.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { users } from "@db/schema";
import { env } from "~/env.server";
import { action as registerApi, loader as registerApiGet } from "~/routes/api/auth.register";
import { loader as loginPage } from "~/routes/login";
import { action as registerPageAction, loader as registerPage } from "~/routes/register";
import { request } from "../support/members";
import { call } from "../support/routes";

beforeAll(() => {
  process.env.FEATURE_REGISTRATION = "TRUE";
  expect(env().registrationEnabled).toBe(false);
});

describe("registration closed", () => {
  it("POST and GET /api/auth/register are 404, and nobody is created", async () => {
    const json = {
      firstName: "A",
      lastName: "B",
      username: "closed_reg",
      email: "closed@example.com",
      password: "color-rain-5",
      confirmPassword: "color-rain-5",
    };
    const response = await call(registerApi, request("/api/auth/register", { method: "POST", json }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not Found" });
    expect((await call(registerApiGet, request("/api/auth/register"))).status).toBe(404);
    expect(
      await db()
        .select()
        .from(users)
        .where(sql`${users.username} like 'closed_reg%'`),
    ).toEqual([]);
  });

  it("/register is 404 to look at and to post to; login has no 'Need an account?'", async () => {
    expect((await call(registerPage, request("/register"))).status).toBe(404);
    const body = new URLSearchParams({
      firstName: "A",
      lastName: "B",
      username: "closed_reg2",
      email: "c2@example.com",
      password: "color-rain-5",
      confirmPassword: "color-rain-5",
    });
    expect((await call(registerPageAction, request("/register", { method: "POST", body }))).status).toBe(404);
    expect(await (await call(loginPage, request("/login"))).json()).toEqual({ registrationEnabled: false });
  });
});
