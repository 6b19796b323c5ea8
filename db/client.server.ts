// One code path, two drivers: postgres-js when DATABASE_URL is set, embedded
// PGlite under $DATA_DIR/pglite otherwise. Both speak PostgreSQL, so the same
// schema, migrations and queries run on either.
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { lockDataDir } from "./pglite-lock.server";
import * as schema from "./schema";

// The query builder API is the same for both drivers; we type against postgres-js.
export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseConfig = { databaseUrl?: string; dataDir: string };

export function migrationsFolder() {
  // In development and tests this file sits in db/; in the production bundle it
  // does not, so fall back to the working directory (the app's root).
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(here) === "db" ? path.join(here, "migrations") : path.resolve("db/migrations");
}

export async function connect(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const client = postgres(config.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client, schema, casing: "snake_case" });
    return {
      db,
      kind: "postgres",
      migrate: () => migratePostgres(db, { migrationsFolder: migrationsFolder() }),
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const dataDir = path.join(config.dataDir, "pglite");
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir);
    const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
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
  // Only now is what the transaction wrote visible to others: tell them.
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
