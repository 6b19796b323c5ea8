// Where the throttles (log-in, current-password checks, password-reset
// requests, upload starts) keep their counts (rate-limiter-flexible's stores,
// one limiter per rule):
//   REDIS_URL set   Redis, shared by every app process (an in-memory limiter
//                   stands in while Redis does not answer);
//   otherwise       PostgreSQL's throttle_counts table on whichever server the
//                   site has open: DATABASE_URL's, or the one it runs itself
//                   without it. A restart keeps the counts and several
//                   processes enforce one limit;
//   no database     memory, only where no database is open at all.
// An attempt is counted before the work it guards (`take`), in one atomic step
// of the store: an INSERT ... ON CONFLICT DO UPDATE ... RETURNING on
// throttle_counts (RateLimiterDrizzle; not its NonAtomic sibling), a Lua INCRBY
// in Redis. Attempts that arrive together are numbered one by one, so only as
// many as the rule allows go ahead; a rule about failures gives the point back
// when the attempt succeeds (login-throttle.server.ts).
import type { Redis } from "ioredis";
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from "rate-limiter-flexible";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { databaseHandle, postgresClient, postgresOptions, type DatabaseHandle } from "@db/client.server";
import { throttleCounts } from "@db/schema";
import { env } from "~/env.server";
import { redisConnection } from "~/base/redis.server";

export type ThrottleRule = Pick<IRateLimiterOptions, "keyPrefix" | "points" | "duration" | "blockDuration">;
export type ThrottleStore = { kind: "memory" } | { kind: "database" } | { kind: "redis"; client: Redis };

// The counts go through two connections of their own to the open database,
// neither the caller's transaction (a failed log-in is counted even when its
// transaction rolls back) nor the club's pool: a current password is checked
// inside the profile's transaction, and guesses arriving together would hold
// every pooled connection while each waited for one more to count itself.
// Made again when the process opens another database (tests do).
type CountsConnection = { handle: DatabaseHandle; client: ReturnType<typeof postgresClient>; db: PostgresJsDatabase };

const holder = globalThis as typeof globalThis & { __clubThrottleRedis?: Redis; __clubThrottleDb?: CountsConnection };

function countsDatabase(): PostgresJsDatabase {
  const handle = databaseHandle();
  const open = holder.__clubThrottleDb;
  if (open?.handle === handle) return open.db;
  if (open) void open.client.end({ timeout: 5 }).catch(() => {});
  const { DATABASE_CONNECT_TIMEOUT_MS: connectTimeoutMs, DATABASE_QUERY_TIMEOUT_MS: queryTimeoutMs } = env();
  const config = { databaseUrl: handle.url, dataDir: "", connectTimeoutMs };
  const client = postgresClient(handle.url, { ...postgresOptions(config, queryTimeoutMs), max: 2 });
  const db = drizzle({ client, casing: "snake_case" });
  holder.__clubThrottleDb = { handle, client, db };
  return db;
}

// What RateLimiterDrizzle calls, read at each call so the limiter follows the database the process has open.
const counts = {
  insert: (...args: Parameters<PostgresJsDatabase["insert"]>) => countsDatabase().insert(...args),
  select: (...args: Parameters<PostgresJsDatabase["select"]>) => countsDatabase().select(...args),
  delete: (...args: Parameters<PostgresJsDatabase["delete"]>) => countsDatabase().delete(...args),
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
      return new RateLimiterDrizzle({ ...rule, storeClient: counts, schema: throttleCounts });
    default:
      return new RateLimiterMemory(rule);
  }
}

function databaseIsOpen(): boolean {
  try {
    databaseHandle();
    return true;
  } catch {
    return false;
  }
}

/** The store this configuration uses (see the top of this file). */
export function throttleStore(): ThrottleStore {
  const { REDIS_URL } = env();
  if (REDIS_URL) {
    if (!holder.__clubThrottleRedis) {
      // A throttle must not hold a log-in for long: while Redis is away a command waits for one
      // reconnection at most, then the in-memory limiter answers in its place. ioredis reconnects by
      // itself; the log says once that Redis is lost and once that it is back.
      const client = redisConnection(REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
      holder.__clubThrottleRedis = client;
    }
    return { kind: "redis", client: holder.__clubThrottleRedis };
  }
  return databaseIsOpen() ? { kind: "database" } : { kind: "memory" };
}

const sameStore = (a: ThrottleStore, b: ThrottleStore) =>
  a.kind === b.kind && (a.kind !== "redis" || a.client === (b as typeof a).client);

/**
 * A limiter for `rule` in this configuration's store, made on first use (the
 * environment and the database are ready by then), and made again if the
 * store changes (a database opened later, a test turning Redis on).
 */
export function throttle(rule: ThrottleRule): () => RateLimiterAbstract {
  let made: { store: ThrottleStore; limiter: RateLimiterAbstract } | undefined;
  return () => {
    const store = throttleStore();
    if (!made || !sameStore(made.store, store)) made = { store, limiter: createThrottle(rule, store) };
    return made.limiter;
  };
}

export type Taken = { allowed: true; consumed: number } | { allowed: false; retryAfterMs: number };

/**
 * Counts one attempt on `key` before the work it guards, atomically in the
 * limiter's store: `allowed` with this attempt's number in the window, or
 * refused for `retryAfterMs` once the rule's points are used up (a refused
 * attempt is counted too, and changes nothing). A store that fails throws.
 */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<Taken> {
  try {
    return { allowed: true, consumed: (await limiter.consume(key)).consumedPoints };
  } catch (refusal) {
    if (refusal instanceof Error) throw refusal;
    return { allowed: false, retryAfterMs: (refusal as RateLimiterRes).msBeforeNext };
  }
}

/** "N minutes" until `retryAfterMs` has passed (at least one), for a refusal's message. */
export function minutesToWait(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Closes the throttles' connections to Redis and the database, if open (at shutdown). */
export async function closeThrottles() {
  const client = holder.__clubThrottleRedis;
  const counts = holder.__clubThrottleDb;
  holder.__clubThrottleRedis = undefined;
  holder.__clubThrottleDb = undefined;
  await Promise.all([
    client?.quit().catch(() => client.disconnect()),
    counts?.client.end({ timeout: 5 }).catch(() => {}),
  ]);
}
