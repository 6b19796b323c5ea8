// Where the log-in and password-reset throttles keep their counts
// (rate-limiter-flexible's stores, one limiter per rule):
//   REDIS_URL set     Redis, shared by every app process (an in-memory limiter
//                     stands in when Redis does not answer);
//   DATABASE_URL set  PostgreSQL's throttle_counts table, through the club's own
//                     pool, so a restart keeps the counts and several app
//                     processes enforce one limit;
//   neither           memory: the embedded default is one process, and its
//                     counts start again at a restart.
import { Redis } from "ioredis";
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { databaseHandle } from "@db/client.server";
import { throttleCounts } from "@db/schema";
import { env } from "~/env.server";
import { logger } from "~/server/logger.server";

export type ThrottleRule = Pick<IRateLimiterOptions, "keyPrefix" | "points" | "duration" | "blockDuration">;
export type ThrottleStore = { kind: "memory" } | { kind: "database" } | { kind: "redis"; client: Redis };

// The pool, never the caller's transaction: a failed log-in is counted even when its transaction rolls back.
// Read at each call, so the limiter follows the database the process has open.
const pool = {
  insert: (...args: unknown[]) => (databaseHandle().db.insert as (...a: unknown[]) => unknown)(...args),
  select: (...args: unknown[]) => (databaseHandle().db.select as (...a: unknown[]) => unknown)(...args),
  delete: (...args: unknown[]) => (databaseHandle().db.delete as (...a: unknown[]) => unknown)(...args),
};

/** A limiter for `rule` keeping its counts in `store`. */
export function createThrottle(rule: ThrottleRule, store: ThrottleStore): RateLimiterAbstract {
  switch (store.kind) {
    case "redis":
      return new RateLimiterRedis({
        ...rule,
        storeClient: store.client,
        insuranceLimiter: new RateLimiterMemory(rule),
      });
    case "database":
      return new RateLimiterDrizzle({ ...rule, storeClient: pool, schema: throttleCounts });
    default:
      return new RateLimiterMemory(rule);
  }
}

const holder = globalThis as typeof globalThis & { __clubThrottleRedis?: Redis };

/** The store this configuration uses (see the top of this file). */
export function throttleStore(): ThrottleStore {
  const { REDIS_URL, DATABASE_URL } = env();
  if (REDIS_URL) {
    if (!holder.__clubThrottleRedis) {
      const client = new Redis(REDIS_URL, {
        // A throttle must not hold a log-in for long: while Redis is away a command waits for one
        // reconnection at most, then the in-memory limiter answers in its place.
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
      });
      // ioredis reconnects by itself; say so once per failure instead of an unhandled 'error' event.
      client.on("error", (error) => logger().warn({ err: error }, "The throttles' Redis is not answering"));
      holder.__clubThrottleRedis = client;
    }
    return { kind: "redis", client: holder.__clubThrottleRedis };
  }
  return DATABASE_URL ? { kind: "database" } : { kind: "memory" };
}

/**
 * A limiter for `rule` in this configuration's store, made on first use (the
 * environment and the database are ready by then).
 */
export function throttle(rule: ThrottleRule): () => RateLimiterAbstract {
  let limiter: RateLimiterAbstract | undefined;
  return () => (limiter ??= createThrottle(rule, throttleStore()));
}

/** Closes the Redis connection of the throttles, if there is one (at shutdown). */
export async function closeThrottles() {
  const client = holder.__clubThrottleRedis;
  holder.__clubThrottleRedis = undefined;
  await client?.quit().catch(() => client.disconnect());
}
