// /api/passwords: the reset e-mail (received on a real SMTP server on
// loopback), the token check (404 invalid, 410 expired) and the new password;
// tokens are stored hashed, work once, and die when the password changes.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { passwordResetTokens, users } from "@db/schema";
import { env } from "~/env.server";
import { action as requestApi } from "~/routes/api/passwords";
import { action as tokenAction, loader as tokenApi } from "~/routes/api/passwords.token";
import { loader as meApi } from "~/routes/api/users.me";
import { runWithRequestFacts } from "~/base/request-context.server";
import { verifyLogin } from "~/services/auth/login.server";
import { linksIn } from "../support/mail";
import { cookieFor, cookieHeaderFrom, makeMember, request, TEST_PASSWORD } from "../support/members";
import { call } from "../support/routes";
import { useMailCatcher } from "../support/club-mail";

const RULE = "Minimum eight characters, at least one letter and one number.";
const mail = useMailCatcher();
let addressCounter = 0;

/** Each call comes from its own address unless told, so the per-address limit only bites where a test wants it. */
function askForReset(
  json: unknown,
  address = `10.60.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`,
) {
  return runWithRequestFacts({ clientAddress: address }, () =>
    call(requestApi, request("/api/passwords", { method: "POST", json })),
  );
}
const checkToken = (token: string) => call(tokenApi, request(`/api/passwords/${token}`), { token });
const setPassword = (token: string, json: unknown, method = "PATCH") =>
  call(tokenAction, request(`/api/passwords/${token}`, { method, json }), { token });

/** Asks for a reset link for this member and returns the token from the e-mail they receive. */
async function tokenFromMail(email: string): Promise<string> {
  const since = mail.messages.length;
  const response = await askForReset({ email });
  expect(response.status).toBe(200);
  const received = await mail.waitForMail(email, { since });
  const link = linksIn(received).find((l) => l.includes("/passwords/reset/"))!;
  expect(link).toMatch(/^http:\/\/club\.test\/passwords\/reset\/[A-Za-z0-9_-]{43}$/);
  return link.split("/").pop()!;
}

describe("POST /api/passwords", () => {
  it("e-mails a reset link to the member (any letter case) and stores only the token's hash", async () => {
    const member = await makeMember();
    const since = mail.messages.length;
    const response = await askForReset({ email: member.email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "Please check your email in a few minutes for a reset password link.",
    });

    const received = await mail.waitForMail(member.email, { since });
    expect(received.subject).toBe(`Reset your ${env().SITE_TITLE} password`);
    expect(received.text).toContain(member.username);
    expect(received.text).toContain("expires in 60 minutes");
    const token = linksIn(received)
      .find((l) => l.includes("/passwords/reset/"))!
      .split("/")
      .pop()!;
    expect(received.html).toContain(`/passwords/reset/${token}`);

    const rows = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    // Expires within the hour.
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 1000);
  });

  it("answers 422 'Email not found.' for an unknown, blank or deactivated member's email", async () => {
    const gone = await makeMember();
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    for (const body of [{ email: "nobody@example.com" }, { email: "" }, {}, { email: gone.email }]) {
      const response = await askForReset(body);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        message: "Email not found.",
        errors: [{ path: "email", message: "Email not found." }],
      });
    }
  });

  it("limits requests per member from one address and per address (429 with Retry-After)", async () => {
    const member = await makeMember();
    for (let i = 0; i < 3; i++) expect((await askForReset({ email: member.email }, "10.98.0.1")).status).toBe(200);
    const limited = await askForReset({ email: member.email }, "10.98.0.1");
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toMatch(
      /^Too many password reset requests\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address keeps its own allowance for this member (tests/integration/security-resets.test.ts).
    expect((await askForReset({ email: member.email }, "10.98.0.2")).status).toBe(200);

    // One address probing many emails is stopped after 10 tries an hour, found or not.
    for (let i = 0; i < 10; i++)
      expect((await askForReset({ email: `probe${i}@example.com` }, "10.99.0.1")).status).toBe(422);
    const other = await makeMember();
    expect((await askForReset({ email: other.email }, "10.99.0.1")).status).toBe(429);
    expect((await askForReset({ email: other.email }, "10.99.0.2")).status).toBe(200);
  });
});

describe("GET and PATCH /api/passwords/{token}", () => {
  it("checks the token, saves the new password once, logs in, and ends other sessions", async () => {
    const member = await makeMember();
    const oldSession = await cookieFor(member.id);
    const token = await tokenFromMail(member.email);

    const check = await checkToken(token);
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ expiresAt: expect.any(String) });

    const weak = await setPassword(token, { password: "letters-only" });
    expect(weak.status).toBe(422);
    expect(await weak.json()).toEqual({ message: RULE, errors: [{ path: "password", message: RULE }] });
    expect((await setPassword(token, {})).status).toBe(422);
    // A refused password does not use the link up.
    expect((await checkToken(token)).status).toBe(200);

    const saved = await setPassword(token, { password: "new-street-9" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ id: member.id, username: member.username });
    const session = cookieHeaderFrom(saved.headers.get("Set-Cookie"));
    expect((await call(meApi, request("/api/users/me", { cookie: session }))).status).toBe(200);
    expect((await call(meApi, request("/api/users/me", { cookie: oldSession }))).status).toBe(204);
    await expect(verifyLogin(member.email, TEST_PASSWORD, "10.61.0.1")).rejects.toMatchObject({ status: 422 });
    expect((await verifyLogin(member.email, "new-street-9", "10.61.0.1")).id).toBe(member.id);

    // Used: the link is invalid now.
    const reused = await setPassword(token, { password: "another-one-1" });
    expect(reused.status).toBe(404);
    expect(await reused.json()).toEqual({ message: "Sorry, this password reset link is invalid." });
    expect((await checkToken(token)).status).toBe(404);
  });

  it("answers 410 for an expired link and 404 for an unknown or malformed one", async () => {
    const member = await makeMember();
    const token = await tokenFromMail(member.email);
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, member.id));
    const expired = await checkToken(token);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ message: "Sorry, this password reset link has expired." });
    expect((await setPassword(token, { password: "new-street-9" }, "PUT")).status).toBe(410);
    await expect(verifyLogin(member.email, TEST_PASSWORD, "10.62.0.1")).resolves.toMatchObject({ id: member.id });

    for (const unknown of [crypto.randomBytes(32).toString("base64url"), "abc", "x".repeat(500)]) {
      expect((await checkToken(unknown)).status).toBe(404);
      expect((await setPassword(unknown, { password: "new-street-9" })).status).toBe(404);
    }
  });

  it("every link a member was sent dies when their password changes", async () => {
    const member = await makeMember();
    const first = await tokenFromMail(member.email);
    const second = await tokenFromMail(member.email);
    expect((await setPassword(second, { password: "new-street-9" })).status).toBe(200);
    expect((await checkToken(first)).status).toBe(404);
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id))).toEqual([]);
  });

  it("two uses of one link at the same time: exactly one succeeds", async () => {
    const member = await makeMember();
    const token = await tokenFromMail(member.email);
    const results = await Promise.all([
      setPassword(token, { password: "first-try-11" }),
      setPassword(token, { password: "second-try-22" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
  });
});
