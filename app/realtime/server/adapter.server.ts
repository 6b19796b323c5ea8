// Which socket.io adapter carries the live rooms. One app
// process keeps its rooms in memory; several processes must share them, so a
// pointer sent to one process reaches viewers connected to another:
//   REDIS_URL set     → the Redis adapter (pub/sub on that Redis);
//   DATABASE_URL set  → the PostgreSQL adapter (LISTEN/NOTIFY on the club's own
//                       database: no extra service to run);
//   neither           → in memory: one site owns the embedded server, so one process serves.
import crypto from "node:crypto";
import { createAdapter as createPostgresAdapter, type PostgresAdapter } from "@socket.io/postgres-adapter";
import { createAdapter as createRedisAdapter } from "@socket.io/redis-adapter";
import pg from "pg";
import type { ServerOptions } from "socket.io";
import { Adapter, MessageType, type BroadcastOptions } from "socket.io-adapter";
import { logger } from "~/base/logger.server";
import { redisConnection } from "~/base/redis.server";

export type ScaleOut = { databaseUrl?: string; redisUrl?: string };

export type RoomAdapter = {
  kind: "redis" | "postgres" | "memory";
  /** For socket.io's `adapter` option (undefined: its in-memory one). */
  adapter: ServerOptions["adapter"] | undefined;
  /** Closes the connections the adapter opened. */
  close(): Promise<void>;
};

const logged = (what: string) => (error: Error) => logger().error({ err: error }, `The live rooms' ${what} failed`);

export function roomAdapter({ databaseUrl, redisUrl }: ScaleOut = {}): RoomAdapter {
  if (redisUrl) {
    const pub = redisConnection(redisUrl);
    // The adapter never awaits a publish: one given up on while Redis is away (after ioredis's retries)
    // must not end the process as an unhandled rejection. Other processes miss that message.
    const publish = pub.publish.bind(pub);
    pub.publish = ((...args: Parameters<typeof publish>) => {
      const sent = publish(...args);
      sent.catch(() => {});
      return sent;
    }) as typeof pub.publish;
    // The subscriptions wait for Redis to come back (ioredis subscribes again by itself).
    const sub = redisConnection(redisUrl, { maxRetriesPerRequest: null });
    // Channels named after the club's database, so clubs (or test runs) sharing a Redis never hear each other.
    const club = crypto
      .createHash("sha256")
      .update(databaseUrl ?? "embedded")
      .digest("hex")
      .slice(0, 12);
    return {
      kind: "redis",
      adapter: createRedisAdapter(pub, sub, { key: `club-live-${club}` }) as ServerOptions["adapter"],
      close: async () => {
        pub.disconnect();
        sub.disconnect();
      },
    };
  }
  if (databaseUrl) {
    // Two connections: one LISTENs for the other processes; the other sends this
    // process's NOTIFYs one after another, so they arrive in the order they were
    // sent (a crop's end never overtakes its drag; a leave never follows its join).
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on("error", logged("PostgreSQL connection"));
    // The pool watches only its idle clients; the adapter's LISTEN client is checked out for good, and its
    // error (the database stopped) would be unhandled and end the process. Logged, the adapter reconnects.
    pool.on("connect", (client) => client.on("error", logged("PostgreSQL connection")));
    const create = createPostgresAdapter(pool, { errorHandler: logged("PostgreSQL adapter") });
    return {
      kind: "postgres",
      // socket.io calls it with `new`: a function (not an arrow) that returns the adapter.
      adapter: function postgresAdapter(nsp: unknown) {
        return deliverLocallyFirst(create(nsp));
      } as unknown as ServerOptions["adapter"],
      close: () => pool.end(),
    };
  }
  return { kind: "memory", adapter: undefined, close: async () => {} };
}

type Publishing = { publish(message: { type: MessageType; data: unknown }): void };

/**
 * The cluster adapter hands a broadcast to this process's own sockets only once
 * PostgreSQL has taken its NOTIFY (it waits for the offset that connection state
 * recovery uses, which the club does not turn on), so every pointer waited a
 * database round trip, and queued behind the others under load. Here the
 * process's own viewers get it at once and the NOTIFY follows, still in order.
 */
function deliverLocallyFirst(adapter: PostgresAdapter): PostgresAdapter {
  adapter.broadcast = async (packet: unknown, opts: BroadcastOptions) => {
    if (!opts.flags?.local) {
      (adapter as unknown as Publishing).publish({
        type: MessageType.BROADCAST,
        data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags } },
      });
    }
    Adapter.prototype.broadcast.call(adapter, packet, opts);
  };
  return adapter;
}
