// Each test run makes its own database on the PostgreSQL server at
// DATABASE_URL (else 127.0.0.1:5432), applies the migrations, and drops it after.
import crypto from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, connect, openDatabase } from "../../db/client.server";

export function serverUrl() {
  return (
    process.env.TEST_DATABASE_SERVER_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
  );
}

/** Runs `work` with a one-connection client on the database at `url`, closed after. */
export async function withSql<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Creates a fresh, migrated database and returns its URL. */
export async function createTestDatabase(prefix = "club_test"): Promise<string> {
  const name = `${prefix}_${Date.now()}_${crypto.randomBytes(4).toString("hex")}`;
  await withSql(serverUrl(), (admin) => admin.unsafe(`create database "${name}"`));
  const url = withDatabase(serverUrl(), name);
  const handle = await connect({ databaseUrl: url, dataDir: "unused" });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return url;
}

export async function dropTestDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  await withSql(serverUrl(), (admin) => admin.unsafe(`drop database if exists "${name}" with (force)`));
}

/**
 * Gives the calling test file (or describe block) a database of its own, for
 * tests whose answer depends on every row of a table (the club's next meeting,
 * its calendar feed, its active admins) and so cannot share the run's database
 * with files that add rows at the same time. Call at the top of the file or block.
 */
export function useOwnDatabase(prefix: string) {
  let url: string;
  beforeAll(async () => {
    url = await createTestDatabase(prefix);
    await closeDatabase();
    await openDatabase({ databaseUrl: url, dataDir: process.env.DATA_DIR! });
  });
  afterAll(async () => {
    await closeDatabase();
    await dropTestDatabase(url);
    await openDatabase({ databaseUrl: inject("databaseUrl"), dataDir: process.env.DATA_DIR! });
  });
}
