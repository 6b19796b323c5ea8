// Logs an operator can read: one JSON line per request with its id (the
// answer's X-Request-Id), the pattern of the route it reached, the client's
// address, status and time; errors logged with the id of the request they
// happened in; no line for a monitor's /healthz poll; and no password, token
// or cookie value in any line, though the requests below carry all of them: a
// log-in with a password, a password reset through its e-mailed link, and the
// addresses whose path is a secret (set-up, invites, calendar feeds, upload
// targets), however their address is spelled.
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logTo } from "~/base/logger.server";
import { calendarFeedUrl } from "~/services/meetings/calendar.server";
import { useStorage, storage as clubStorage, type ObjectStorage } from "~/storage/storage.server";
import { useMailCatcher } from "../support/club-mail";
import { useHttpApp } from "../support/http-app";
import { linksIn } from "../support/mail";
import { cookieFor, makeMember, TEST_PASSWORD } from "../support/members";

const mail = useMailCatcher();
const site = useHttpApp();

const lines: string[] = [];
type LogLine = Record<string, unknown> & {
  reqId?: string;
  msg?: string;
  req?: { method: string; route: string; client: string };
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

/** A GET of a request target exactly as written (fetch would resolve its dot segments and backslashes first). */
function sendTarget(target: string, headers: Record<string, string> = {}, url = site.url) {
  return new Promise<{ target: string; status: number; id: string | null }>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    http
      .get({ hostname, port, path: target, agent: false, headers }, (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ target, status: response.statusCode!, id: response.headers["x-request-id"] as string | null }),
        );
      })
      .on("error", reject);
  });
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
      `/judge/${guessed}`,
      `/api/judge/${guessed}/scores/1`,
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
      expect(line.msg).toBe(
        `${line.req!.method} ${line.req!.route} ${answer.status} ${line.responseTime} ms ${line.req!.client}`,
      );
    }
    const routes = parsed().map((line) => line.req?.route);
    for (const route of ["/login", "/browse", "/api/passwords", "/passwords/reset/:token"]) {
      expect(routes).toContain(route);
    }
    for (const route of ["/api/passwords/:token", "/setup/:token", "/invites/:inviteId", "/calendar/:feed"]) {
      expect(routes).toContain(route);
    }
    expect(routes).toContain("/uploads/:token");
    expect(routes).toContain("/judge/:token");
    expect(routes).toContain("/api/judge/:token/scores/:photoId");

    const log = lines.join("");
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/cookie/i);
  });

  it("keeps a secret out of every line however its address is spelled", async () => {
    // What a library prints on the console goes to the same journal: watched, and printed as ever.
    const printed = [vi.spyOn(console, "warn"), vi.spyOn(console, "error"), vi.spyOn(console, "log")];
    const member = await makeMember();
    const admin = await makeMember({ isAdmin: true });
    let since = mail.messages.length;
    const email = `invited-${crypto.randomUUID()}@example.com`;
    const invited = await send("/api/invites", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: await cookieFor(admin.id) },
      body: JSON.stringify({ firstName: "Helen", lastName: "Levitt", email }),
    });
    expect(invited.status).toBe(201);
    const invite = linksIn(await mail.waitForMail(email, { since }))
      .find((link) => link.includes("/invites/"))!
      .split("/")
      .pop()!;
    since = mail.messages.length;
    await send("/api/passwords", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: member.email }),
    });
    const reset = linksIn(await mail.waitForMail(member.email, { since }))
      .find((link) => link.includes("/passwords/reset/"))!
      .split("/")
      .pop()!;
    const feed = new URL(await calendarFeedUrl(member)).pathname
      .split("/")
      .pop()!
      .replace(/\.ics$/, "");
    const setup = crypto.randomBytes(24).toString("base64url");
    const secrets = [invite, reset, feed, setup];
    expect(secrets.every((secret) => secret.length >= 20)).toBe(true);

    // Routing ignores case, dot segments and percent-encoding: each of these opens the real page.
    const opened = await Promise.all(
      [
        `/Invites/${invite}`,
        `/API/invites/${invite}`,
        `/Passwords/Reset/${reset}`,
        `/Calendar/${feed}.ics`,
        `/browse/../invites/${invite}`,
        `/%69nvites/${invite}`,
      ].map((target) => sendTarget(target)),
    );
    expect(opened.map(({ target, status }) => [target, status])).toEqual(opened.map(({ target }) => [target, 200]));
    const others = await Promise.all(
      [
        `/__manifest?p=/invites/${invite}&p=/Passwords/Reset/${reset}&version=1`,
        `/__manifest?paths=${encodeURIComponent(`/invites/${invite},calendar/${feed}.ics`)}&version=1`,
        `/login?from=${encodeURIComponent(`/Invites/${invite}`)}`,
        `/SETUP/${setup}`,
        `//invites/${invite}`,
        `/invites%2F${invite}`,
        `/invites\\${invite}`,
        `/invites/${invite}.data`,
        // Express cannot decode this segment: its error (logged) quotes the segment, secret and all.
        `/invites/${invite}%E0`,
        `http://club.test/INVITES/${invite}`,
      ].map((target) => sendTarget(target)),
    );
    for (const answer of [...opened, ...others]) {
      expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await lineOf(answer.id!)).res!.statusCode).toBe(answer.status);
    }
    const undecodable = others.find((answer) => answer.target.endsWith("%E0"))!;
    expect(undecodable.status).toBe(400);
    const decodeError = parsed().find((line) => line.reqId === undecodable.id && line.err);
    expect((decodeError?.err as { message?: string }).message).toBe("Failed to decode param '[redacted]'");

    const console_ = printed.map((spy) => JSON.stringify(spy.mock.calls)).join("");
    for (const spy of printed) spy.mockRestore();
    for (const secret of secrets) expect(console_).not.toContain(secret);
    const log = lines.join("");
    for (const secret of secrets) expect(log).not.toContain(secret);
    const routeOf = async (answer: { id: string | null }) => (await lineOf(answer.id!)).req!.route;
    // The pages that opened are named by their route, whatever the spelling.
    expect(await Promise.all(opened.map(routeOf))).toEqual([
      "/invites/:inviteId",
      "/api/invites/:inviteId",
      "/passwords/reset/:token",
      "/calendar/:feed",
      "/invites/:inviteId",
      "/invites/:inviteId",
    ]);
    expect(await Promise.all(others.slice(0, 4).map(routeOf))).toEqual(["/*", "/*", "/login", "/setup/:token"]);
    expect(await routeOf(others.find((answer) => answer.target.endsWith(".data"))!)).toBe("/invites/:inviteId.data");
    expect(await routeOf(undecodable)).toBe("(malformed)");
  });

  it("names the client by its address, and a proxy's word for it only from a proxy TRUST_PROXY names", async () => {
    const forwarded = { "X-Forwarded-For": "203.0.113.9" };
    const direct = await sendTarget("/login", forwarded);
    expect((await lineOf(direct.id!)).req!.client).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    const behindProxy = await site.serve({ TRUST_PROXY: "loopback" });
    try {
      const proxied = await sendTarget("/login", forwarded, behindProxy.url);
      const line = await lineOf(proxied.id!);
      expect(line.req!.client).toBe("203.0.113.9");
      expect(line.msg).toMatch(/^GET \/login 200 \d+ ms 203\.0\.113\.9$/);
      const elsewhere = await site.serve({ TRUST_PROXY: "10.0.0.0/8" });
      try {
        const untrusted = await sendTarget("/login", forwarded, elsewhere.url);
        expect((await lineOf(untrusted.id!)).req!.client).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      } finally {
        await elsewhere.close();
      }
    } finally {
      await behindProxy.close();
    }
  });

  it("names what no route module answers, and writes no line for a /healthz poll", async () => {
    const polls = await Promise.all(["/healthz", "/healthz?monitor=1", "/healthz"].map((path) => send(path)));
    expect(polls.map((poll) => poll.status)).toEqual([200, 200, 200]);
    const answers = await Promise.all(
      ["/media/photos/999999/thumb", "/assets/no-such-file.js", "/api/no/such/thing", "/no/such/page"].map((path) =>
        sendTarget(path),
      ),
    );
    expect(await Promise.all(answers.map(async (answer) => (await lineOf(answer.id!)).req!.route))).toEqual([
      "/media/photos/:photoId/:size",
      "/*",
      "/api/*",
      "/*",
    ]);
    const polled = new Set(polls.map((poll) => poll.id));
    expect(parsed().filter((line) => polled.has(line.reqId ?? null))).toEqual([]);
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
