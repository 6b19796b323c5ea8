// The optional Redis (REDIS_URL), which the live rooms' adapter and the throttles
// connect to. A start whose Redis does not answer stops with one line saying why
// (the operator set it so several processes share the rooms: running on without
// it would split them without a word). One that goes away later never ends the
// process: it is said once, and once more when it is back, while the throttles
// count in memory and each process's live rooms reach its own members only.
import { Redis, type RedisOptions } from "ioredis";
import { logger } from "./logger.server";

type Coded = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** host:port of a Redis URL, never its password. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || "localhost"}:${parsed.port || "6379"}`;
  } catch {
    return "(an address that does not parse)";
  }
}

function codesOf(error: unknown): Set<string> {
  const codes = new Set<string>();
  const queue = [error];
  for (let seen = 0; queue.length && seen < 16; seen++) {
    const link = queue.shift() as Coded | undefined;
    if (!link || typeof link !== "object") continue;
    if (typeof link.code === "string") codes.add(link.code);
    const text = typeof link.message === "string" ? link.message : "";
    for (const word of ["NOAUTH", "WRONGPASS", "ETIMEDOUT"]) if (text.includes(word)) codes.add(word);
    queue.push(link.cause, ...(Array.isArray(link.errors) ? link.errors : []));
  }
  return codes;
}

/** One line saying why the Redis at `url` could not be used. */
export function describeRedisFailure(error: unknown, url: string): string {
  const where = redisAddress(url);
  const codes = codesOf(error);
  if (codes.has("ECONNREFUSED"))
    return `Redis at ${where} refused the connection: is it running, and is REDIS_URL's port right?`;
  if (codes.has("ENOTFOUND") || codes.has("EAI_AGAIN"))
    return `Redis's host in REDIS_URL (${where}) is not known here: check its name.`;
  if (codes.has("NOAUTH") || codes.has("WRONGPASS"))
    return `Redis at ${where} refused REDIS_URL's password: authentication failed.`;
  if (codes.has("ETIMEDOUT"))
    return `Redis at ${where} did not answer in time: is the address right and the server reachable?`;
  return `Redis at ${where} (REDIS_URL) could not be used: ${(error as Error)?.message ?? String(error)}`;
}

/** Throws an Error whose message is describeRedisFailure's line unless Redis at `url` answers PING within `timeoutMs`. */
export async function checkRedis(url: string, timeoutMs: number): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  // The socket's own error (ECONNREFUSED, ...) comes as an event; connect() then only says "Connection is closed".
  let cause: unknown;
  client.on("error", (error: unknown) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(describeRedisFailure(cause ?? error, url), { cause: cause ?? error });
  } finally {
    client.disconnect();
  }
}

// The Redis addresses found lost and not yet back, shared by every connection to them.
const lost = new Set<string>();

/**
 * A connection to Redis that reconnects by itself. The log says once that Redis
 * is lost and once that it is back, whichever connection finds it first (ioredis
 * reports every failed attempt of each connection, several a second).
 */
export function redisConnection(url: string, options: RedisOptions = {}): Redis {
  const client = new Redis(url, options);
  client.on("error", (error: unknown) => {
    if (lost.has(url)) return;
    lost.add(url);
    logger().warn(
      `${describeRedisFailure(error, url)} Until it answers, live rooms reach this process's members only ` +
        "and the throttles count in memory.",
    );
  });
  client.on("ready", () => {
    if (!lost.delete(url)) return;
    logger().warn(`Redis at ${redisAddress(url)} answers again.`);
  });
  return client;
}
