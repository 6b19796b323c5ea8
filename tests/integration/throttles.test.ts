// Limits that survive restarts and span replicas (issue 15 item 5): with
// DATABASE_URL set, the log-in throttle's counts live in PostgreSQL (with
// REDIS_URL, in Redis), so a new process (a restart, or a second replica)
// sees the failures another recorded and enforces the same block. Each
// process here is a real one: `node` running tests/support/throttle-process.ts.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS, LOGIN_RULES } from "~/services/auth/login-throttle.server";
import { createThrottle } from "~/services/auth/throttle-store.server";
import { testDatabaseUrl } from "../support/test-database";

const run = promisify(execFile);

type Stores = { DATABASE_URL: string; REDIS_URL?: string };

async function clubProcess(stores: Stores, ...args: string[]): Promise<{ retryAfterMs: number }> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "tests/support/throttle-process.ts", ...args], {
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", REDIS_URL: "", ...stores },
  });
  return JSON.parse(stdout.trim().split("\n").pop()!) as { retryAfterMs: number };
}

const someone = () => `member-${crypto.randomBytes(6).toString("hex")}@example.com`;
const anAddress = () => `10.77.${crypto.randomInt(250)}.${crypto.randomInt(1, 250)}`;

for (const store of ["PostgreSQL", "Redis"] as const) {
  describe(`log-in throttle counts in ${store}`, () => {
    const stores = (): Stores => ({
      DATABASE_URL: testDatabaseUrl(),
      ...(store === "Redis" ? { REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379" } : {}),
    });

    it("survive a restart: a new process still refuses the blocked pair", async () => {
      const [identifier, address] = [someone(), anAddress()];
      const first = await clubProcess(stores(), "fail", String(LOGIN_LIMITS.pairFailures), identifier, address);
      expect(first.retryAfterMs).toBeGreaterThan(0);
      const restarted = await clubProcess(stores(), "retry-after", identifier, address);
      expect(restarted.retryAfterMs).toBeGreaterThan(0);
      // Another pair (the member from elsewhere) is not held back.
      expect((await clubProcess(stores(), "retry-after", identifier, anAddress())).retryAfterMs).toBe(0);
    });

    it("span processes: failures counted by two processes make one limit", async () => {
      const [identifier, address] = [someone(), anAddress()];
      const below = LOGIN_LIMITS.pairFailures - 2;
      const [one, two] = await Promise.all([
        clubProcess(stores(), "fail", String(below), identifier, address),
        clubProcess(stores(), "fail", "1", identifier, address),
      ]);
      // Each process alone stays under the limit...
      expect(Math.max(one.retryAfterMs, two.retryAfterMs)).toBe(0);
      // ...and the failure a third process records passes the shared one.
      const third = await clubProcess(stores(), "fail", "1", identifier, address);
      expect(third.retryAfterMs).toBeGreaterThan(0);
    });
  });
}

describe("the embedded default", () => {
  it("keeps counts in memory: a new limiter starts from nothing", async () => {
    const key = crypto.randomBytes(8).toString("hex");
    const before = createThrottle(LOGIN_RULES.pair, { kind: "memory" });
    await before.consume(key, LOGIN_LIMITS.pairFailures - 1);
    expect((await before.get(key))?.consumedPoints).toBe(LOGIN_LIMITS.pairFailures - 1);
    const after = createThrottle(LOGIN_RULES.pair, { kind: "memory" });
    expect(await after.get(key)).toBeNull();
  });
});
