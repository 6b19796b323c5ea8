// One engine, one code path: postgres-js on PostgreSQL. With DATABASE_URL set,
// the operator's server; without it, the server the site runs itself under
// $DATA_DIR (db/embedded-postgres.server.ts). The same pool, queries and
// migrations either way; only who starts and stops the server differs.
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { DatabaseFailureError } from "./database-failures.server";
import postgres from "postgres";
import { watchedSocket } from "./database-socket.server";
import { openEmbeddedPostgres, type EmbeddedOptions, type EmbeddedRole } from "./embedded-postgres.server";
import * as schema from "./schema";

/** The advisory lock key migrations hold (any fixed number no other code uses). */
const MIGRATIONS_LOCK = 7_263_511;

export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  /** "embedded": the server this install runs itself under DATA_DIR; "postgres": DATABASE_URL's. */
  kind: "postgres" | "embedded";
  /** Where it is (for a second client of the same database: the live rooms' adapter, a test's counter). */
  url: string;
  /** Applies the migrations of `folder` (db/migrations by default) not yet applied. */
  migrate(folder?: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseConfig = {
  databaseUrl?: string;
  dataDir: string;
  /**
   * Without DATABASE_URL: "site" owns the embedded server for its whole life; a
   * "command" (the default) joins the running site's server or starts one for itself.
   * `exclusive` (a restore) refuses a running site.
   */
  embeddedRole?: EmbeddedRole;
  exclusive?: boolean;
  /** How long opening a connection to PostgreSQL may take (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** How long one statement may run, and how long a silent server is waited for (DATABASE_QUERY_TIMEOUT_MS). */
  queryTimeoutMs?: number;
  /** The site's own server: where its keeper says it stopped and started again; tests set its pace. */
  embeddedLog?: EmbeddedOptions["log"];
  embeddedKeeper?: EmbeddedOptions["keeper"];
};

export const DATABASE_TIMEOUT_DEFAULTS = { connectTimeoutMs: 5000, queryTimeoutMs: 5000 };

/**
 * postgres-js options that keep an outage short: a connect timeout, the
 * server's statement_timeout, and (for one plain TCP address or a Unix socket) a
 * socket that gives up when the server owes an answer and stays silent (database-socket.server.ts).
 * Idle connections are closed after a while, so a database that restarted
 * is met with fresh connections.
 */
export function postgresOptions(
  config: DatabaseConfig,
  queryTimeoutMs: number,
): postgres.Options<Record<string, postgres.PostgresType>> {
  const connectTimeoutMs = config.connectTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.connectTimeoutMs;
  const url = new URL(config.databaseUrl!);
  const sslRequested = ["require", "prefer", "verify-ca", "verify-full"].includes(
    url.searchParams.get("sslmode") ?? url.searchParams.get("ssl") ?? "",
  );
  // One TCP host without TLS, or a Unix socket: the watchdog reads the protocol's bytes. Several
  // hosts or TLS keep postgres-js's own socket (the timeouts below still hold).
  const socketDir = url.searchParams.get("host");
  const unix = socketDir?.startsWith("/") ? `${socketDir}/.s.PGSQL.${url.port || 5432}` : undefined;
  const plainTcp = url.hostname !== "" && !url.host.includes(",") && !socketDir && !sslRequested;
  return {
    max: 10,
    onnotice: () => {},
    connect_timeout: connectTimeoutMs / 1000,
    idle_timeout: 60,
    // postgres-js waits up to 20 s between attempts after repeated failures: a query would wait that
    // long before even trying. At most a second, so an outage answers quickly and recovery is seen soon.
    backoff: (retries: number) => Math.min(0.1 * 2 ** retries, 1),
    ...(queryTimeoutMs > 0 ? { connection: { statement_timeout: queryTimeoutMs } } : {}),
    ...((plainTcp || unix) && queryTimeoutMs > 0
      ? {
          socket: watchedSocket({
            host: decodeURIComponent(url.hostname.replace(/^\[|\]$/g, "")),
            port: Number(url.port || 5432),
            path: unix,
            connectTimeoutMs,
            // The server cancels a statement past statement_timeout and says so; silence a second longer is an outage.
            answerTimeoutMs: queryTimeoutMs + 1000,
          }),
        }
      : {}),
  };
}

/**
 * A postgres-js client for `url`. A libpq-style `?host=/folder` (the embedded
 * server's Unix socket) becomes postgres-js's `host` option: in the URL it would
 * be sent to the server as a setting.
 */
export function postgresClient(url: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}) {
  const parsed = new URL(url);
  const socketDir = parsed.searchParams.get("host");
  if (!socketDir?.startsWith("/")) return postgres(url, options);
  parsed.searchParams.delete("host");
  return postgres(parsed.toString(), { ...options, host: socketDir });
}

export function migrationsFolder() {
  // In development and tests this file sits in db/; in the production bundle it
  // does not, so fall back to the working directory (the app's root).
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(here) === "db" ? path.join(here, "migrations") : path.resolve("db/migrations");
}

// Every statement that may write, counted as this process sends it, and every
// commit: a value kept at data versions read before the count moved may miss
// this process's own write, so a request then reads the versions again
// (requestVersions, app/services/data-versions.server.ts). Conservative: every
// statement but a SELECT counts. Kept on globalThis with the handle whose
// logger moves it (Vite's module reloads in development).
const writes = globalThis as typeof globalThis & { __clubWritesSent?: number };
const READ_ONLY = /^\s*\(?\s*select\b/i;
/** The drizzle logger that counts them (a test's recording handle passes its statements on too). */
export const writeCounter = {
  logQuery(query: string) {
    if (!READ_ONLY.test(query)) wroteOnce();
  },
};

function wroteOnce() {
  writes.__clubWritesSent = (writes.__clubWritesSent ?? 0) + 1;
}

/** How many writing statements and commits this process has sent so far (moves on every one). */
export function writesSoFar(): number {
  return writes.__clubWritesSent ?? 0;
}

export async function connect(config: DatabaseConfig): Promise<DatabaseHandle> {
  const embedded = config.databaseUrl
    ? null
    : await openEmbeddedPostgres({
        dataDir: config.dataDir,
        role: config.embeddedRole ?? "command",
        exclusive: config.exclusive,
        log: config.embeddedLog,
        keeper: config.embeddedKeeper,
        openClient: postgresClient,
      });
  const url = config.databaseUrl ?? embedded!.url;
  const options = { ...config, databaseUrl: url };
  const client = postgresClient(
    url,
    postgresOptions(options, config.queryTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.queryTimeoutMs),
  );
  const db = drizzle({ client, schema, casing: "snake_case", logger: writeCounter });
  return {
    db,
    kind: embedded ? "embedded" : "postgres",
    url,
    // Migrations (an index on a big table) may take longer than a page's query: their own client, no statement limit.
    migrate: async (folder = migrationsFolder()) => {
      const migrator = postgresClient(url, { ...postgresOptions(options, 0), max: 1 });
      try {
        // App processes starting together (compose's --scale app=2) take turns on one connection's
        // lock: the second finds the migrations applied instead of failing on the tables the first made.
        await migrator`select pg_advisory_lock(${MIGRATIONS_LOCK})`;
        await migrate(drizzle({ client: migrator, schema, casing: "snake_case" }), { migrationsFolder: folder });
      } catch (error) {
        // The first thing a start or a command does with the database: say why it failed, not which SQL.
        throw new DatabaseFailureError(error, url);
      } finally {
        await migrator.end({ timeout: 5 });
      }
    },
    ping: async () => void (await db.execute(sql`select 1`)),
    // The pool first, then (if this process started it) the embedded server: after the last query.
    close: async () => {
      try {
        await client.end({ timeout: 5 });
      } finally {
        await embedded?.release();
      }
    },
  };
}

// The running app holds one handle for its whole life (kept on globalThis so
// Vite's module reloads in development do not open a second one).
const holder = globalThis as typeof globalThis & {
  __clubDatabase?: DatabaseHandle;
  __clubDatabaseOpening?: Promise<DatabaseHandle>;
};

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  holder.__clubDatabaseOpening ??= connect(config).then((handle) => (holder.__clubDatabase = handle));
  return holder.__clubDatabaseOpening;
}

export function databaseHandle(): DatabaseHandle {
  if (!holder.__clubDatabase) throw new Error("The database is not open yet (openDatabase was not called).");
  return holder.__clubDatabase;
}

// The transaction context: inside `transaction(...)`, every `db()` call answers
// the open transaction, so a service joins its caller's transaction without a
// `tx` parameter, and a nested `transaction(...)` simply runs inside the outer one.
type OpenTransaction = { tx: Transaction; afterCommit: (() => void)[] };
const openTransaction = new AsyncLocalStorage<OpenTransaction>();

/** The query builder: the caller's open transaction if there is one, else the pool. */
export function db(): Database {
  return (openTransaction.getStore()?.tx as Database | undefined) ?? databaseHandle().db;
}

/**
 * Runs `work` in one transaction: every `db()` call inside it (in this function
 * and in every service it calls) is part of it, and it commits when `work`
 * resolves or rolls back when it throws. Called inside another transaction,
 * it joins that one. Work that must outlive it (an e-mail sent after the
 * response) must not start inside it: see `outsideTransaction`.
 */
export async function transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  const open = openTransaction.getStore();
  if (open) return work(open.tx);
  const afterCommit: (() => void)[] = [];
  const result = await databaseHandle().db.transaction((tx) =>
    openTransaction.run({ tx, afterCommit }, () => work(tx)),
  );
  // Only now is what the transaction wrote visible to others: this process's requests read
  // the data versions again (writesSoFar), and the others are told.
  wroteOnce();
  for (const run of afterCommit) outsideTransaction(run);
  return result;
}

/**
 * Runs `work` once the caller's transaction commits (never, if it rolls back),
 * or at once outside a transaction: for telling others what happened (events,
 * live updates) only after it is true for them too.
 */
export function afterCommit(work: () => void): void {
  const open = openTransaction.getStore();
  if (open) open.afterCommit.push(work);
  else work();
}

/** Runs `work` on the pool even when called inside a transaction (background work that outlives it). */
export function outsideTransaction<T>(work: () => T): T {
  return openTransaction.exit(work);
}

/** Whether the caller is inside `transaction(...)` (for functions that must run inside one). */
export function inTransaction(): boolean {
  return openTransaction.getStore() !== undefined;
}

export async function closeDatabase() {
  const handle = holder.__clubDatabase;
  holder.__clubDatabase = undefined;
  holder.__clubDatabaseOpening = undefined;
  await handle?.close();
}

export { schema };
