// Password reset fairness: requests from many
// addresses cannot use up a member's own allowance, and the answer does not
// wait for the mail server, on a real SMTP stand-in behind a stalling link.
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db, transaction } from "@db/client.server";
import { passwordResetTokens } from "@db/schema";
import { env } from "~/env.server";
import { action as requestApi } from "~/routes/api/passwords";
import { action as forgotPage } from "~/routes/passwords/forgot";
import { runWithRequestFacts } from "~/base/request-context.server";
import { closeMail } from "~/services/mail/mail.server";
import { passwordResetMailsSettled, requestPasswordReset } from "~/services/members/passwords.server";
import { LEVEL, withLogLines } from "../support/log-lines";
import { startMailCatcher, type MailCatcher } from "../support/mail";
import { makeMember, request } from "../support/members";
import { call } from "../support/routes";

let mail: MailCatcher;
let addressCounter = 0;
/** A fresh client address for each call, so only the limits a test aims at are in play. */
const nextAddress = () => `10.70.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

beforeAll(async () => {
  mail = await startMailCatcher();
  useSmtp(mail.url);
});

afterEach(async () => {
  await passwordResetMailsSettled();
  useSmtp(mail.url);
});

afterAll(async () => {
  closeMail();
  await mail?.close();
});

/** Points the club's mail at another SMTP server (a new transport is made on the next send). */
function useSmtp(url: string) {
  closeMail();
  env().SMTP_URL = url;
}

function askForReset(email: string, address = nextAddress()) {
  return runWithRequestFacts({ clientAddress: address }, () =>
    call(requestApi, request("/api/passwords", { method: "POST", json: { email } })),
  );
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A TCP link to `target` that holds every connection `delayMs` before joining it:
 * an SMTP server that accepts and then stalls before its greeting.
 */
async function stallingLink(target: string, delayMs: number) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("error", () => {});
    client.pause();
    setTimeout(() => {
      if (client.destroyed) return;
      const upstream = net.connect(Number(port), hostname, () => {
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      sockets.add(upstream);
      upstream.on("error", () => client.destroy());
      client.on("close", () => upstream.destroy());
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("many addresses cannot lock a member out of their own reset", () => {
  it("after requests from 20 addresses, the member's own address still gets a mail", async () => {
    const member = await makeMember();
    for (let i = 0; i < 20; i++) {
      const response = await askForReset(member.email, `10.71.0.${i + 1}`);
      expect(response.status).toBe(200);
    }
    await passwordResetMailsSettled();

    const since = mail.messages.length;
    const own = await askForReset(member.email, "192.0.2.55");
    expect(own.status).toBe(200);
    const received = await mail.waitForMail(member.email, { since });
    expect(received.subject).toMatch(/^Reset your .+ password$/);
  });

  it("one address asking for one member is still limited, and only that pair", async () => {
    const member = await makeMember();
    for (let i = 0; i < 3; i++) expect((await askForReset(member.email, "10.72.0.1")).status).toBe(200);
    expect((await askForReset(member.email, "10.72.0.1")).status).toBe(429);
    // The same address may still ask for someone else (its own per-address limit is higher).
    expect((await askForReset((await makeMember()).email, "10.72.0.1")).status).toBe(200);
    expect((await askForReset(member.email, "10.72.0.2")).status).toBe(200);
  });
});

describe("the answer does not wait for the mail server", () => {
  const SMTP_DELAY_MS = 2500;

  it("answers a member's e-mail as fast as an unknown one while SMTP stalls, and the mail arrives after", async () => {
    const link = await stallingLink(mail.url, SMTP_DELAY_MS);
    useSmtp(link.url);
    try {
      const members = await Promise.all([makeMember(), makeMember(), makeMember()]);
      const unknown: number[] = [];
      const known: number[] = [];
      for (const [i, member] of members.entries()) {
        const missing = await timed(() => askForReset(`nobody-${i}@example.com`));
        expect(missing.result.status).toBe(422);
        expect(await missing.result.json()).toMatchObject({ message: "Email not found." });
        unknown.push(missing.ms);

        const found = await timed(() => askForReset(member.email));
        expect(found.result.status).toBe(200);
        known.push(found.ms);
      }
      const sentAt = performance.now();
      // Generous: the member's path also stores a token; it must not include the mail server's stall.
      expect(median(known)).toBeLessThan(Math.max(5 * median(unknown), median(unknown) + 250));
      expect(Math.max(...known)).toBeLessThan(SMTP_DELAY_MS / 2);

      for (const member of members) {
        const received = await mail.waitForMail(member.email, { timeoutMs: 15_000 });
        expect(received.text).toContain("/passwords/reset/");
      }
      // They came through the stalling link, after its stall.
      expect(performance.now() - sentAt).toBeGreaterThan(SMTP_DELAY_MS / 2);
    } finally {
      await passwordResetMailsSettled();
      await link.close();
    }
  });

  it("the forgot-password page redirects with its flash without waiting for the mail", async () => {
    const link = await stallingLink(mail.url, SMTP_DELAY_MS);
    useSmtp(link.url);
    try {
      const member = await makeMember();
      const { result, ms } = await timed(() =>
        runWithRequestFacts({ clientAddress: nextAddress() }, () =>
          call(
            forgotPage,
            request("/passwords/forgot", { method: "POST", body: new URLSearchParams({ email: member.email }) }),
          ),
        ),
      );
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toBe("/login");
      expect(ms).toBeLessThan(SMTP_DELAY_MS / 2);
      await mail.waitForMail(member.email, { timeoutMs: 15_000 });
    } finally {
      await passwordResetMailsSettled();
      await link.close();
    }
  });

  it("a mail server that refuses is logged, and the member's answer is still 200", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    useSmtp(`smtp://127.0.0.1:${port}`);

    const member = await makeMember();
    const { lines } = await withLogLines(async () => {
      expect((await askForReset(member.email)).status).toBe(200);
      await passwordResetMailsSettled();
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: LEVEL.error,
        msg: `The password reset e-mail to member ${member.id} failed`,
        err: expect.objectContaining({ message: expect.stringContaining("ECONNREFUSED") }),
      }),
    );
  });

  it("sends only once the request's transaction commits: a rolled-back one sends nothing", async () => {
    const member = await makeMember();
    const before = mail.messages.length;
    await expect(
      transaction(async () => {
        await requestPasswordReset({ email: member.email }, nextAddress());
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await passwordResetMailsSettled();
    expect(mail.messages.slice(before).filter((m) => m.recipients.includes(member.email.toLowerCase()))).toEqual([]);
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id))).toEqual([]);

    await transaction(() => requestPasswordReset({ email: member.email }, nextAddress()));
    await mail.waitForMail(member.email, { since: before });
  });
});
