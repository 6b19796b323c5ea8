// Slows password guessing without letting an attacker lock a member out.
// - per (account, address): 5 failures in 15 minutes block that pair for 15
//   minutes; the member logging in from anywhere else is unaffected.
// - per address: 50 failures an hour block the address (one machine guessing
//   many accounts).
// - per account, from any address: past 10 failures an hour each attempt is
//   delayed (doubling, at most 5 s): a distributed guesser is slowed, and the
//   member still gets in with the right password.
// Counters live in PostgreSQL (or Redis) when the club runs on it, so a restart
// keeps them and several app processes enforce one limit; in memory on the
// embedded default (throttle-store.server.ts). Their keys are hashes, so
// whatever a client types (a megabyte of 'username') is kept as 64 characters.
import crypto from "node:crypto";
import type { RateLimiterRes } from "rate-limiter-flexible";
import { throttle } from "./throttle-store.server";

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

function blockedFor(res: RateLimiterRes | null, limit: number): number {
  return res && res.consumedPoints > limit ? res.msBeforeNext : 0;
}

/** Milliseconds until this attempt may be tried, or 0 when it may go ahead now. */
export async function loginRetryAfterMs(identifier: string, clientAddress: string): Promise<number> {
  const [pairRes, addressRes] = await Promise.all([
    pair().get(pairKey(identifier, clientAddress)),
    address().get(addressKey(clientAddress)),
  ]);
  return Math.max(
    blockedFor(pairRes, LOGIN_LIMITS.pairFailures - 1),
    blockedFor(addressRes, LOGIN_LIMITS.addressFailures - 1),
  );
}

/** How long to hold this attempt before answering (the per-account slow-down). */
export async function loginDelayMs(identifier: string): Promise<number> {
  const failures = (await account().get(accountKey(identifier)))?.consumedPoints ?? 0;
  const over = failures - LOGIN_LIMITS.accountFreeFailures;
  return over <= 0 ? 0 : Math.min(250 * 2 ** (over - 1), LOGIN_LIMITS.maxDelayMs);
}

export async function recordLoginFailure(identifier: string, clientAddress: string) {
  // consume() rejects once a limit is passed; the block it sets is what we want.
  await Promise.allSettled([
    pair().consume(pairKey(identifier, clientAddress)),
    address().consume(addressKey(clientAddress)),
    account().consume(accountKey(identifier)),
  ]);
}

export async function recordLoginSuccess(identifier: string, clientAddress: string) {
  await pair().delete(pairKey(identifier, clientAddress));
}
