import { describe, expect, it } from "vitest";
import { accountKey, countLoginAttempt, LOGIN_LIMITS, loginSucceeded } from "./login-throttle.server";

/** Makes `count` attempts that fail (the password check is left out: a failure keeps its point). */
async function fail(account: string, address: (i: number) => string, count: number) {
  const attempts = [];
  for (let i = 0; i < count; i++) attempts.push(await countLoginAttempt(account, address(i)));
  return attempts;
}

describe("login throttle", () => {
  it("slows an account guessed at from many addresses, but never blocks it", async () => {
    const account = `spread-${Date.now()}`;
    const attempts = await fail(account, (i) => `192.0.2.${i}`, LOGIN_LIMITS.accountFreeFailures + 1);
    // The first 10 failures and the attempt after them go at once...
    expect(attempts.map((attempt) => (attempt.allowed ? attempt.delayMs : -1))).toEqual(
      Array(LOGIN_LIMITS.accountFreeFailures + 1).fill(0),
    );
    // ...the next waits 250 ms, doubling up to 5 s.
    expect(await countLoginAttempt(account, "192.0.2.200")).toEqual({ allowed: true, delayMs: 250 });
    const later = await fail(account, (i) => `198.51.100.${i}`, 20);
    expect(later.at(-1)).toEqual({ allowed: true, delayMs: LOGIN_LIMITS.maxDelayMs });
    // No address has failed 5 times, so nobody is refused outright.
    expect((await countLoginAttempt(account, "203.0.113.9")).allowed).toBe(true);
  });

  it("blocks one account and address pair after 5 failures; a right password gives the attempt back", async () => {
    const account = `pair-${Date.now()}`;
    await fail(account, () => "192.0.2.7", LOGIN_LIMITS.pairFailures - 1);
    await countLoginAttempt(account, "192.0.2.7");
    await loginSucceeded(account, "192.0.2.7");
    expect((await fail(account, () => "192.0.2.7", LOGIN_LIMITS.pairFailures)).every((a) => a.allowed)).toBe(true);
    const refused = await countLoginAttempt(account, "192.0.2.7");
    expect(refused.allowed).toBe(false);
    expect(!refused.allowed && refused.retryAfterMs).toBeGreaterThan(14 * 60_000);
    expect((await countLoginAttempt(account, "192.0.2.8")).allowed).toBe(true);
  });

  it("blocks one address that guesses at many accounts", async () => {
    const address = `addr-${Date.now()}`;
    for (let i = 0; i < LOGIN_LIMITS.addressFailures; i++) {
      expect((await countLoginAttempt(`account-${i}`, address)).allowed).toBe(true);
    }
    expect((await countLoginAttempt("someone-new", address)).allowed).toBe(false);
    expect((await countLoginAttempt("someone-new", `${address}-other`)).allowed).toBe(true);
  });

  it("keys a megabyte identifier by a short hash, whatever its case and surrounding spaces", async () => {
    const huge = `${Date.now()}-${"A".repeat(1024 * 1024)}`;
    expect(accountKey(huge)).toMatch(/^[0-9a-f]{64}$/);
    expect(accountKey(`  ${huge}\n`)).toBe(accountKey(huge.toLowerCase()));
    expect(accountKey(huge)).not.toBe(accountKey(`${huge}B`));
    // The counters find the account by that key, however it was typed.
    await fail(huge, (i) => `192.0.2.${i}`, LOGIN_LIMITS.accountFreeFailures + 1);
    expect(await countLoginAttempt(` ${huge.toLowerCase()} `, "192.0.2.99")).toEqual({ allowed: true, delayMs: 250 });
  });
});
