// What services log while a request is answered goes through the site's log
// (app/base/logger.server.ts), never console: so the line carries the
// request's id (the answer's X-Request-Id, which a member quotes) and the
// log's redaction. Here the mail server refuses, once while an admin's request
// waits for it (an invite) and once after the answer has gone (a password
// reset's e-mail, sent once the request's transaction committed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logTo } from "~/base/logger.server";
import { useHttpApp } from "../support/http-app";
import { cookieFor, makeMember } from "../support/members";

type LogLine = { level: number; msg: string; reqId?: string; err?: { message?: string } };
const lines: LogLine[] = [];

// Set before the site is loaded (it reads its settings once): the discard port, where nothing
// answers SMTP on loopback, so every send is refused at once.
process.env.SMTP_URL = "smtp://127.0.0.1:9";
const site = useHttpApp();

beforeAll(() => logTo({ write: (line) => void lines.push(JSON.parse(line) as LogLine) }, "info"));
afterAll(() => logTo(undefined, "warn"));

async function post(path: string, body: unknown, cookie?: string) {
  const response = await fetch(`${site.url}${path}`, {
    method: "POST",
    headers: { Origin: site.url, "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  await response.text();
  return { status: response.status, id: response.headers.get("X-Request-Id") };
}

/** The error line that says `msg`, once written (polled: the reset's e-mail goes after the answer). */
async function errorLine(msg: RegExp): Promise<LogLine> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const line = lines.find((entry) => entry.level >= 50 && msg.test(entry.msg));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No error line matching ${msg} in the site's log within 30 s`);
}

describe("services' lines while a request is answered", () => {
  it("an invite whose e-mail fails is logged with the admin's request id", async () => {
    const admin = await makeMember({ isAdmin: true });
    const answer = await post(
      "/api/invites",
      { firstName: "Vivian", lastName: "Maier", email: `vivian-${Date.now()}@example.com` },
      await cookieFor(admin.id),
    );
    expect(answer.status).toBe(502);
    const line = await errorLine(/^Sending an invite failed/);
    expect(line.reqId).toBe(answer.id);
    expect(line.err?.message).toMatch(/ECONNREFUSED/);
  });

  it("a password reset's e-mail that fails after the answer is logged with that request's id", async () => {
    const member = await makeMember();
    const answer = await post("/api/passwords", { email: member.email });
    expect(answer.status).toBe(200);
    const line = await errorLine(new RegExp(`^The password reset e-mail to member ${member.id} failed`));
    expect(line.reqId).toBe(answer.id);
    expect(line.err?.message).toMatch(/ECONNREFUSED/);
  });
});
