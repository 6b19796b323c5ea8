// Throttled actions under concurrency: each attempt is counted, atomically in
// the shared store, before the password is checked (or the address looked up,
// or the upload recorded), so requests that arrive together cannot all pass the
// check. On PostgreSQL (the store whenever a database is open, DATABASE_URL set
// or not) and on Redis. Password checks are counted by wrapping the hash module.
import crypto from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@db/client.server";
import { passwordResetTokens, throttleCounts } from "@db/schema";
import { env } from "~/env.server";
import { action as loginApi } from "~/routes/api/auth.login";
import { action as resetApi } from "~/routes/api/passwords";
import { action as userAction } from "~/routes/api/users.user";
import { runWithRequestFacts } from "~/base/request-context.server";
import { closeThrottles, throttleStore } from "~/services/auth/throttle-store.server";
import { RateLimitedError } from "~/services/errors.server";
import { passwordResetMailsSettled } from "~/services/members/passwords.server";
import { countAnnouncement } from "~/services/uploads/upload-quota.server";
import { cookieFor, makeMember, request, TEST_PASSWORD } from "../support/members";
import { call } from "../support/routes";
import { testRedisUrl } from "../support/test-redis";

const passwordChecks = vi.hoisted(() => ({ count: 0 }));

vi.mock("~/services/auth/password-hash.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/services/auth/password-hash.server")>();
  return {
    ...actual,
    verifyPassword: (passwordHash: string, password: string) => {
      passwordChecks.count++;
      return actual.verifyPassword(passwordHash, password);
    },
    burnPasswordCheck: (password: string) => {
      passwordChecks.count++;
      return actual.burnPasswordCheck(password);
    },
  };
});

const AT_ONCE = 60;
// Redis keeps counts across runs: an address (of the documentation range) no other run uses.
const anAddress = () => `2001:db8::${crypto.randomBytes(2).toString("hex")}:${crypto.randomBytes(2).toString("hex")}`;

function from<T>(address: string, work: () => Promise<T>) {
  return runWithRequestFacts({ clientAddress: address }, work);
}

const logIn = (json: unknown, address: string) =>
  from(address, () => call(loginApi, request("/api/auth/login", { method: "POST", json })));
const patchUser = (id: number, json: unknown, cookie: string, address: string) =>
  from(address, () =>
    call(userAction, request(`/api/users/${id}`, { method: "PATCH", json, cookie }), { userId: String(id) }),
  );
const askForReset = (email: string, address: string) =>
  from(address, () => call(resetApi, request("/api/passwords", { method: "POST", json: { email } })));

async function atOnce<T>(work: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: AT_ONCE }, (_, i) => work(i)));
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Counts the password checks `work` makes. */
async function checksDuring<T>(work: () => Promise<T>): Promise<{ result: T; checks: number }> {
  const before = passwordChecks.count;
  const result = await work();
  return { result, checks: passwordChecks.count - before };
}

afterAll(async () => {
  await passwordResetMailsSettled();
});

for (const store of ["PostgreSQL", "Redis"] as const) {
  describe.skipIf(store === "Redis" && !testRedisUrl())(`throttles under concurrency, counting in ${store}`, () => {
    let redisBefore: string | undefined;

    beforeAll(async () => {
      redisBefore = env().REDIS_URL;
      if (store === "Redis") {
        env().REDIS_URL = testRedisUrl();
        // Redis outlives the file's database: members get ids no other run or file uses, so
        // their counts (kept by member id) start from nothing.
        await db().execute(
          sql`select setval(pg_get_serial_sequence('users', 'id'), ${crypto.randomInt(1_000_000, 2_000_000_000)})`,
        );
      }
    });

    afterAll(async () => {
      env().REDIS_URL = redisBefore;
      await closeThrottles();
    });

    it(`keeps the counts in ${store}`, async () => {
      expect(throttleStore().kind).toBe(store === "Redis" ? "redis" : "database");
    });

    it(`${AT_ONCE} wrong passwords at once for one account from one address: 5 are checked, the rest answered 429`, async () => {
      const member = await makeMember();
      const address = anAddress();
      const { result, checks } = await checksDuring(() =>
        atOnce((i) => logIn({ email: member.username, password: `wrong-${i}-pass1` }, address)),
      );
      expect(tally(result.map((response) => response.status))).toEqual({ 422: 5, 429: AT_ONCE - 5 });
      expect(checks).toBe(5);
      const refused = result.find((response) => response.status === 429)!;
      expect((await refused.json()).message).toMatch(
        /^Too many failed log-in attempts\. Please try again in \d+ minutes?\.$/,
      );
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);

      // The right password from this address waits too; the member from elsewhere gets in.
      expect((await logIn({ email: member.email, password: TEST_PASSWORD }, address)).status).toBe(429);
      expect((await logIn({ email: member.email, password: TEST_PASSWORD }, anAddress())).status).toBe(200);
    });

    it(`${AT_ONCE} guesses at once for an unknown account: 5 are checked (against the stand-in hash)`, async () => {
      const address = anAddress();
      const nobody = `nobody-${crypto.randomBytes(6).toString("hex")}@example.com`;
      const { result, checks } = await checksDuring(() =>
        atOnce((i) => logIn({ email: nobody, password: `wrong-${i}-pass1` }, address)),
      );
      expect(tally(result.map((response) => response.status))).toEqual({ 422: 5, 429: AT_ONCE - 5 });
      expect(checks).toBe(5);
    });

    it("a right password gives its attempt back: after 49 failures and a success, one address may fail once more", async () => {
      const member = await makeMember();
      const address = anAddress();
      const stranger = (i: number) => `stranger-${i}-${crypto.randomBytes(4).toString("hex")}@example.com`;
      const failures = await Promise.all(
        Array.from({ length: 49 }, (_, i) => logIn({ email: stranger(i), password: "wrong-pass1" }, address)),
      );
      expect(tally(failures.map((response) => response.status))).toEqual({ 422: 49 });
      expect((await logIn({ email: member.email, password: TEST_PASSWORD }, address)).status).toBe(200);
      // The address's 50 failures an hour: one is left, whatever arrives at once.
      const { result, checks } = await checksDuring(() =>
        atOnce((i) => logIn({ email: stranger(100 + i), password: "wrong-pass1" }, address)),
      );
      expect(tally(result.map((response) => response.status))).toEqual({ 422: 1, 429: AT_ONCE - 1 });
      expect(checks).toBe(1);
    });

    it(`${AT_ONCE} wrong current passwords at once: 5 are checked, the rest answered 429, nothing changes`, async () => {
      const member = await makeMember();
      const cookie = await cookieFor(member.id);
      const address = anAddress();
      const change = { password: "new-darkroom-42", confirmPassword: "new-darkroom-42" };
      const { result, checks } = await checksDuring(() =>
        atOnce((i) => patchUser(member.id, { ...change, currentPassword: `guess-${i}-x1` }, cookie, address)),
      );
      expect(tally(result.map((response) => response.status))).toEqual({ 422: 5, 429: AT_ONCE - 5 });
      expect(checks).toBe(5);
      const wrong = result.find((response) => response.status === 422)!;
      expect((await wrong.json()).errors).toEqual([
        { path: "currentPassword", message: "This is not your current password." },
      ]);
      // The password is the old one still.
      expect((await logIn({ email: member.email, password: TEST_PASSWORD }, anAddress())).status).toBe(200);
    });

    it(`${AT_ONCE} reset requests at once from one address: 3 e-mails for a member, 10 answers for a prober, the rest 429`, async () => {
      const member = await makeMember();
      const address = anAddress();
      const forMember = await atOnce(() => askForReset(member.email, address));
      expect(tally(forMember.map((response) => response.status))).toEqual({ 200: 3, 429: AT_ONCE - 3 });
      const tokens = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id));
      expect(tokens).toHaveLength(3);
      const refused = forMember.find((response) => response.status === 429)!;
      expect((await refused.json()).message).toMatch(
        /^Too many password reset requests\. Please try again in \d+ minutes?\.$/,
      );

      // Probing addresses: one address gets 10 answers in an hour, whatever arrives at once.
      const prober = anAddress();
      const probes = await atOnce((i) =>
        askForReset(`probe-${i}-${crypto.randomBytes(4).toString("hex")}@example.com`, prober),
      );
      expect(tally(probes.map((response) => response.status))).toEqual({ 422: 10, 429: AT_ONCE - 10 });
    });

    it(`${AT_ONCE} upload starts at once: UPLOAD_ANNOUNCE_PER_10_MIN go ahead, the rest are refused`, async () => {
      const member = await makeMember();
      const before = env().UPLOAD_ANNOUNCE_PER_10_MIN;
      env().UPLOAD_ANNOUNCE_PER_10_MIN = 5;
      try {
        const outcomes = await Promise.allSettled(Array.from({ length: AT_ONCE }, () => countAnnouncement(member.id)));
        expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(5);
        const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
        expect(refusals).toHaveLength(AT_ONCE - 5);
        for (const refusal of refusals) expect(refusal).toBeInstanceOf(RateLimitedError);
      } finally {
        env().UPLOAD_ANNOUNCE_PER_10_MIN = before;
      }
    });

    if (store === "PostgreSQL") {
      it("wrote its counts to throttle_counts", async () => {
        for (const prefix of ["login_pair", "login_address", "login_account", "reset_address", "upload_announce"]) {
          const rows = await db()
            .select()
            .from(throttleCounts)
            .where(like(throttleCounts.key, `${prefix}:%`));
          expect(rows.length, prefix).toBeGreaterThan(0);
        }
      });
    }
  });
}
