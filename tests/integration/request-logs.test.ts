// Logs an operator can read (issue 15 item 8): one JSON line per request with
// its id (the answer's X-Request-Id), status and time; errors logged with the
// id of the request they happened in; and no password, token or cookie value
// in any line, though the requests below carry all of them: a log-in with a
// password, a password reset through its e-mailed link, and the addresses
// whose path is a secret (set-up, invites, calendar feeds, upload targets).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logTo, redactUrl } from "~/server/logger.server";
import { useStorage, storage as clubStorage, type ObjectStorage } from "~/storage/storage.server";
import { useMailCatcher } from "../support/club-mail";
import { useHttpApp } from "../support/http-app";
import { linksIn } from "../support/mail";
import { makeMember, TEST_PASSWORD } from "../support/members";

const mail = useMailCatcher();
const site = useHttpApp();

const lines: string[] = [];
type LogLine = Record<string, unknown> & {
  reqId?: string;
  msg?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
};
const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);

beforeAll(() => logTo({ write: (line) => void lines.push(line) }, "info"));
afterAll(() => logTo(undefined, "warn"));

async function send(path: string, init: RequestInit = {}) {
  const response = await fetch(`${site.url}${path}`, {
    redirect: "manual",
    ...init,
    headers: { Origin: site.url, ...(init.headers as Record<string, string>) },
  });
  const body = await response.text();
  return { status: response.status, id: response.headers.get("X-Request-Id"), response, body };
}

/** The request's line, once written (pino-http writes it when the answer is finished). */
async function lineOf(id: string): Promise<LogLine> {
  for (;;) {
    const line = parsed().find((entry) => entry.reqId === id && entry.res);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the request log", () => {
  const secrets: string[] = [];

  it("writes one line per request with its id, status and time, and none carries a secret", async () => {
    const member = await makeMember();
    const wrongPassword = `wrong-${crypto.randomBytes(6).toString("hex")}-9`;
    const newPassword = `new-${crypto.randomBytes(6).toString("hex")}-7`;
    secrets.push(TEST_PASSWORD, wrongPassword, newPassword);

    const form = (password: string) =>
      send("/login", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: member.email, password }),
      });
    const refused = await form(wrongPassword);
    expect(refused.status).toBe(422);
    const login = await form(TEST_PASSWORD);
    expect(login.status).toBe(302);
    const sessionCookie = login.response.headers.get("Set-Cookie")!.split(";")[0]!;
    secrets.push(sessionCookie, sessionCookie.split("=")[1]!);
    const page = await send("/browse", { headers: { Cookie: sessionCookie } });
    expect(page.status).toBe(200);

    const since = mail.messages.length;
    const asked = await send("/api/passwords", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: member.email }),
    });
    expect(asked.status).toBe(200);
    const link = linksIn(await mail.waitForMail(member.email, { since })).find((l) => l.includes("/passwords/reset/"))!;
    const token = link.split("/").pop()!;
    secrets.push(token);
    expect((await send(`/passwords/reset/${token}`)).status).toBe(200);
    const reset = await send(`/api/passwords/${token}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password: newPassword }),
    });
    expect(reset.status).toBeLessThan(300);

    // Addresses whose path is the secret, and a query that names one.
    const guessed = crypto.randomBytes(24).toString("base64url");
    secrets.push(guessed);
    const secretPaths = [
      `/setup/${guessed}`,
      `/invites/${guessed}`,
      `/calendar/${guessed}.ics`,
      `/uploads/${guessed}`,
      `/browse?token=${guessed}`,
    ];
    const others = await Promise.all(secretPaths.map((path) => send(path, { headers: { Cookie: sessionCookie } })));

    for (const answer of [refused, login, page, asked, reset, ...others]) {
      expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
      const line = await lineOf(answer.id!);
      expect(line.res!.statusCode).toBe(answer.status);
      expect(typeof line.responseTime).toBe("number");
      expect(line.req!.method).toMatch(/^(GET|POST|PATCH)$/);
      expect(line.msg).toContain(` ${answer.status} `);
    }
    const urls = parsed().map((line) => line.req?.url);
    expect(urls).toContain("/setup/[redacted]");
    expect(urls).toContain("/passwords/reset/[redacted]");
    expect(urls).toContain("/api/passwords/[redacted]");
    expect(urls).toContain("/calendar/[redacted]");
    expect(urls).toContain("/browse?token=[redacted]");

    const log = lines.join("");
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/cookie/i);
  });

  it("logs an error with the id of the request it happened in", async () => {
    const club = clubStorage();
    const failing: ObjectStorage = Object.assign(Object.create(club) as ObjectStorage, {
      check: () => Promise.reject(new Error("the storage disk is on fire")),
    });
    useStorage(failing);
    try {
      const health = await send("/healthz");
      expect(health.status).toBe(503);
      expect(health.id).toBeTruthy();
      const error = parsed().find((line) => line.reqId === health.id && line.level === 50);
      expect(error?.msg).toMatch(/storage .* is down/);
      expect((error?.err as { message?: string }).message).toBe("the storage disk is on fire");
    } finally {
      useStorage(club);
    }
  });
});

describe("redactUrl", () => {
  it("keeps what is not a secret and replaces what is", () => {
    expect(redactUrl("/members/vivian/2024/12?page=2")).toBe("/members/vivian/2024/12?page=2");
    expect(redactUrl("/invites/abc123/accept")).toBe("/invites/[redacted]/accept");
    expect(redactUrl("/api/invites/abc123/resend")).toBe("/api/invites/[redacted]/resend");
    expect(redactUrl("/x?X-Amz-Signature=abc&X-Amz-Credential=def&sort=new")).toBe(
      "/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&sort=new",
    );
  });
});
