import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS, loginDelayMs, loginRetryAfterMs, recordLoginFailure } from "./login-throttle.server";

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
});
