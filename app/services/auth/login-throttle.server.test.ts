import { describe, expect, it } from "vitest";
import { accountKey, LOGIN_LIMITS, loginDelayMs, loginRetryAfterMs, recordLoginFailure } from "./login-throttle.server";

describe("login throttle", () => {
  it("slows an account guessed at from many addresses, but never blocks it", async () => {
    const account = `spread-${Date.now()}`;
    for (let i = 0; i < LOGIN_LIMITS.accountFreeFailures; i++) await recordLoginFailure(account, `192.0.2.${i}`);
    expect(await loginDelayMs(account)).toBe(0);
    await recordLoginFailure(account, "192.0.2.200");
    expect(await loginDelayMs(account)).toBe(250);
    for (let i = 0; i < 20; i++) await recordLoginFailure(account, `198.51.100.${i}`);
    expect(await loginDelayMs(account)).toBe(LOGIN_LIMITS.maxDelayMs);
    // No address has failed 5 times, so nobody is refused outright.
    expect(await loginRetryAfterMs(account, "203.0.113.9")).toBe(0);
  });

  it("blocks one address that guesses at many accounts", async () => {
    const address = `addr-${Date.now()}`;
    for (let i = 0; i < LOGIN_LIMITS.addressFailures; i++) await recordLoginFailure(`account-${i}`, address);
    expect(await loginRetryAfterMs("someone-new", address)).toBeGreaterThan(0);
    expect(await loginRetryAfterMs("someone-new", `${address}-other`)).toBe(0);
  });

  it("keys a megabyte identifier by a short hash, whatever its case and surrounding spaces", async () => {
    const huge = `${Date.now()}-${"A".repeat(1024 * 1024)}`;
    expect(accountKey(huge)).toMatch(/^[0-9a-f]{64}$/);
    expect(accountKey(`  ${huge}\n`)).toBe(accountKey(huge.toLowerCase()));
    expect(accountKey(huge)).not.toBe(accountKey(`${huge}B`));
    // The counters find the account by that key, however it was typed.
    for (let i = 0; i <= LOGIN_LIMITS.accountFreeFailures; i++) await recordLoginFailure(huge, `192.0.2.${i}`);
    expect(await loginDelayMs(` ${huge.toLowerCase()} `)).toBe(250);
  });
});
