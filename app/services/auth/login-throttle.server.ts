// Slows password guessing without letting an attacker lock a member out.
// - per (account, address): 5 failures in 15 minutes block that pair for 15
//   minutes; the member logging in from anywhere else is unaffected.
// - per address: 50 failures an hour block the address (one machine guessing
//   many accounts).
// - per account, from any address: past 10 failures an hour each attempt is
//   delayed (doubling, at most 5 s): a distributed guesser is slowed, and the
//   member still gets in with the right password.
// Each attempt is counted before its password is checked, atomically in the
// shared store (throttle-store.server.ts: PostgreSQL's throttle_counts, or
// Redis), and given back when the password is right; so attempts that arrive
// together are numbered one by one and only the first 5 of a pair are checked,
// on one process or several. Their keys are hashes, so whatever a client types
// (a megabyte of 'username') is kept as 64 characters.
import crypto from "node:crypto";
import { take, throttle } from "./throttle-store.server";

export const LOGIN_LIMITS = {
  pairFailures: 5,
  pairWindowSeconds: 15 * 60,
  addressFailures: 50,
  addressWindowSeconds: 60 * 60,
  accountFreeFailures: 10,
  accountWindowSeconds: 60 * 60,
  maxDelayMs: 5000,
};

/** The three rules, by name (tests make limiters of them on a store of their choice). */
export const LOGIN_RULES = {
  pair: {
    keyPrefix: "login_pair",
    points: LOGIN_LIMITS.pairFailures,
    duration: LOGIN_LIMITS.pairWindowSeconds,
    blockDuration: LOGIN_LIMITS.pairWindowSeconds,
  },
  address: {
    keyPrefix: "login_address",
    points: LOGIN_LIMITS.addressFailures,
    duration: LOGIN_LIMITS.addressWindowSeconds,
    blockDuration: LOGIN_LIMITS.addressWindowSeconds,
  },
  account: {
    keyPrefix: "login_account",
    points: 1_000_000, // never blocks: it only counts, to compute the delay
    duration: LOGIN_LIMITS.accountWindowSeconds,
  },
};

const pair = throttle(LOGIN_RULES.pair);
const address = throttle(LOGIN_RULES.address);
const account = throttle(LOGIN_RULES.account);

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

/** The limiter key of an account: the identifier as typed, in any case and spacing, hashed. */
export const accountKey = (identifier: string) => sha256(identifier.trim().toLowerCase());
const addressKey = (clientAddress: string) => sha256(clientAddress);
const pairKey = (identifier: string, clientAddress: string) =>
  sha256(`${identifier.trim().toLowerCase()}\n${clientAddress}`);

/** What the throttle says about an attempt: go ahead after `delayMs`, or wait `retryAfterMs`. */
export type LoginAttempt = { allowed: true; delayMs: number } | { allowed: false; retryAfterMs: number };

/** The per-account slow-down of an attempt that follows `failures` failures. */
function delayAfter(failures: number): number {
  const over = failures - LOGIN_LIMITS.accountFreeFailures;
  return over <= 0 ? 0 : Math.min(250 * 2 ** (over - 1), LOGIN_LIMITS.maxDelayMs);
}

/**
 * Counts one log-in attempt, before its password is checked: against the pair,
 * then the address (a refused attempt is not held against the next rule, and
 * the pair's point is given back when the address refuses), then the account,
 * whose count before this attempt sets its delay. An attempt that fails keeps
 * its points; `loginSucceeded` gives them back.
 */
export async function countLoginAttempt(identifier: string, clientAddress: string): Promise<LoginAttempt> {
  const pairTaken = await take(pair(), pairKey(identifier, clientAddress));
  if (!pairTaken.allowed) return pairTaken;
  const addressTaken = await take(address(), addressKey(clientAddress));
  if (!addressTaken.allowed) {
    await pair().reward(pairKey(identifier, clientAddress));
    return addressTaken;
  }
  const accountTaken = await take(account(), accountKey(identifier));
  return { allowed: true, delayMs: accountTaken.allowed ? delayAfter(accountTaken.consumed - 1) : 0 };
}

/**
 * The password was right, so the attempt was no failure: the pair's failures are
 * forgotten (the guesser knows the password already), and the address and the
 * account get this attempt's point back.
 */
export async function loginSucceeded(identifier: string, clientAddress: string) {
  await Promise.all([
    pair().delete(pairKey(identifier, clientAddress)),
    address().reward(addressKey(clientAddress)),
    account().reward(accountKey(identifier)),
  ]);
}
