// Limits that survive restarts and span processes: the throttles count in
// PostgreSQL's throttle_counts whenever a database is open, DATABASE_URL's or
// the server the site runs itself without it (with REDIS_URL, in Redis), so a
// new process (a restart, or a second one) sees the attempts another counted
// and enforces the same limit; and attempts are counted in one atomic step, so
// attempts arriving together at several processes still make one limit. Each
// process here is a real one: `node` running tests/support/throttle-process.ts.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { closeDatabase, openDatabase } from "@db/client.server";
import { LOGIN_LIMITS } from "~/services/auth/login-throttle.server";
import { createThrottle, throttleStore, type ThrottleStore } from "~/services/auth/throttle-store.server";
import { RESET_LIMITS } from "~/services/members/passwords.server";
import { nodeArgsFor } from "../support/process-scripts";
import type { Outcome } from "../support/throttle-process";
import { testDatabaseUrl } from "../support/test-database";
import { testRedisUrl } from "../support/test-redis";

const run = promisify(execFile);
const REDIS_URL = testRedisUrl() ?? "";
const UPLOADS_PER_10_MIN = 5;

type Settings = Record<string, string>;

async function clubProcess(settings: Settings, ...args: string[]): Promise<Outcome> {
  const { stdout } = await run(process.execPath, [...nodeArgsFor("throttle-process"), ...args], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      REDIS_URL: "",
      UPLOAD_ANNOUNCE_PER_10_MIN: String(UPLOADS_PER_10_MIN),
      ...settings,
    },
  });
  return JSON.parse(stdout.trim().split("\n").pop()!) as Outcome;
}

const sum = (outcomes: Outcome[]) => ({
  allowed: outcomes.reduce((total, outcome) => total + outcome.allowed, 0),
  refused: outcomes.reduce((total, outcome) => total + outcome.refused, 0),
});

const someone = () => `member-${crypto.randomBytes(6).toString("hex")}@example.com`;
// Redis keeps counts across runs: an address (of the documentation range) no other run uses.
const anAddress = () => `2001:db8::${crypto.randomBytes(2).toString("hex")}:${crypto.randomBytes(2).toString("hex")}`;
// Redis outlives the file's database: an id no other run uses.
const aMemberId = () => String(crypto.randomInt(1_000_000, 2_000_000_000));

const CONFIGURATIONS = {
  "PostgreSQL named by DATABASE_URL": () => ({ DATABASE_URL: testDatabaseUrl() }),
  "the PostgreSQL the site runs itself (no DATABASE_URL)": () => ({
    DATABASE_URL: "",
    THROTTLE_PROCESS_DATABASE_URL: testDatabaseUrl(),
  }),
  "Redis (REDIS_URL)": () => ({ DATABASE_URL: testDatabaseUrl(), REDIS_URL }),
};

for (const [configuration, settings] of Object.entries(CONFIGURATIONS)) {
  describe.skipIf(configuration.startsWith("Redis") && !testRedisUrl())(`throttle counts with ${configuration}`, () => {
    it("log-in failures: two processes at once make one limit, and a new process still refuses the pair", async () => {
      const [identifier, address] = [someone(), anAddress()];
      const below = LOGIN_LIMITS.pairFailures - 2;
      const together = await Promise.all([
        clubProcess(settings(), "log-in", String(below), identifier, address),
        clubProcess(settings(), "log-in", "1", identifier, address),
      ]);
      expect(sum(together)).toEqual({ allowed: below + 1, refused: 0 });
      // A new process: one attempt is left for the pair, then it is refused; elsewhere the member is not.
      const [restarted, elsewhere] = await Promise.all([
        clubProcess(settings(), "log-in", "2", identifier, address),
        clubProcess(settings(), "log-in", "1", identifier, anAddress()),
      ]);
      expect(restarted).toMatchObject({ allowed: 1, refused: 1 });
      expect(restarted.retryAfterMs).toBeGreaterThan(14 * 60_000);
      expect(elsewhere).toMatchObject({ allowed: 1, refused: 0 });
    });

    it("reset requests from one address, arriving at two processes at once, make one limit", async () => {
      const address = anAddress();
      const outcomes = await Promise.all([
        clubProcess(settings(), "resets", "8", address),
        clubProcess(settings(), "resets", "8", address),
      ]);
      expect(sum(outcomes)).toEqual({ allowed: RESET_LIMITS.perAddress, refused: 16 - RESET_LIMITS.perAddress });
    });

    it("a member's upload starts, arriving at two processes at once, make one limit", async () => {
      const memberId = aMemberId();
      const outcomes = await Promise.all([
        clubProcess(settings(), "uploads", "6", memberId),
        clubProcess(settings(), "uploads", "6", memberId),
      ]);
      expect(sum(outcomes)).toEqual({ allowed: UPLOADS_PER_10_MIN, refused: 12 - UPLOADS_PER_10_MIN });
    });
  });
}

describe("the stores", () => {
  const stores: Record<string, () => ThrottleStore> = {
    PostgreSQL: () => ({ kind: "database" }),
    Redis: () => ({ kind: "redis", client: new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }) }),
  };

  for (const [name, store] of Object.entries(stores)) {
    it.skipIf(name === "Redis" && !testRedisUrl())(
      `${name}: 200 attempts at once on one key are numbered 1 to 200, each once`,
      async () => {
        const made = store();
        try {
          const limiter = createThrottle({ keyPrefix: "atomicity", points: 1000, duration: 60 }, made);
          const key = crypto.randomBytes(8).toString("hex");
          const results = await Promise.all(Array.from({ length: 200 }, () => limiter.consume(key)));
          const numbers = results.map((result) => result.consumedPoints).sort((a, b) => a - b);
          expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
        } finally {
          if (made.kind === "redis") await made.client.quit();
        }
      },
    );
  }

  it("memory only where no database is open", async () => {
    expect(throttleStore().kind).toBe("database");
    await closeDatabase();
    try {
      expect(throttleStore().kind).toBe("memory");
    } finally {
      await openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: process.env.DATA_DIR! });
    }
    expect(throttleStore().kind).toBe("database");
  });
});
