// Which socket.io adapter carries the live rooms (issue 13 item 7). One app
// process keeps its rooms in memory; several processes must share them, so a
// pointer sent to one process reaches viewers connected to another:
//   REDIS_URL set     → the Redis adapter (pub/sub on that Redis);
//   DATABASE_URL set  → the PostgreSQL adapter (LISTEN/NOTIFY on the club's own
//                       database: no extra service to run);
//   neither (PGlite)  → in memory: the embedded database serves one process anyway.
import { createAdapter as createPostgresAdapter } from "@socket.io/postgres-adapter";
import { createAdapter as createRedisAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import pg from "pg";
import type { ServerOptions } from "socket.io";

export type ScaleOut = { databaseUrl?: string; redisUrl?: string };

export type RoomAdapter = {
  kind: "redis" | "postgres" | "memory";
  /** For socket.io's `adapter` option (undefined: its in-memory one). */
  adapter: ServerOptions["adapter"] | undefined;
  /** Closes the connections the adapter opened. */
  close(): Promise<void>;
};

const logged = (what: string) => (error: Error) => console.error(`The live rooms' ${what} failed:`, error.message);

export function roomAdapter({ databaseUrl, redisUrl }: ScaleOut = {}): RoomAdapter {
  if (redisUrl) {
    const pub = new Redis(redisUrl);
    const sub = pub.duplicate();
    pub.on("error", logged("Redis connection"));
    sub.on("error", logged("Redis connection"));
    return {
      kind: "redis",
      adapter: createRedisAdapter(pub, sub) as ServerOptions["adapter"],
      close: async () => {
        pub.disconnect();
        sub.disconnect();
      },
    };
  }
  if (databaseUrl) {
    // A few connections: one LISTENs for the other processes, the rest NOTIFY.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    pool.on("error", logged("PostgreSQL connection"));
    return {
      kind: "postgres",
      adapter: createPostgresAdapter(pool, { errorHandler: logged("PostgreSQL adapter") }) as ServerOptions["adapter"],
      close: () => pool.end(),
    };
  }
  return { kind: "memory", adapter: undefined, close: async () => {} };
}
