// The tests' PostgreSQL. With DATABASE_URL (or TEST_DATABASE_SERVER_URL) set, the
// databases are made on that server; without it, the run starts one PostgreSQL
// of its own, the same embedded server the site runs (db/embedded-postgres.server.ts),
// on a loopback port, so `npm test` needs nothing but Node and npm.
//
// Each run migrates one template database once; every test file (and every
// server a spec starts) gets a fresh copy of it, which PostgreSQL makes by
// copying files instead of replaying the migrations.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { closeDatabase, connect, openDatabase, postgresClient } from "../../db/client.server";
import { openEmbeddedPostgres } from "../../db/embedded-postgres.server";

export function serverUrl() {
  const url = process.env.TEST_DATABASE_SERVER_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error("No test database server: the run's global set-up (startTestDatabaseServer) did not run.");
  return url;
}

/** Runs `work` with a one-connection client on the database at `url`, closed after. */
export async function withSql<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgresClient(url, { max: 1, onnotice: () => {} });
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

const uniqueName = (prefix: string) => `${prefix}_${Date.now()}_${crypto.randomBytes(4).toString("hex")}`;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * For a run's global set-up: the server (started here unless DATABASE_URL names
 * one) and the migrated template, both named in the environment that the run's
 * workers and every process they start inherit. Returns the teardown.
 */
export async function startTestDatabaseServer(): Promise<() => Promise<void>> {
  let stopServer = async () => {};
  if (!process.env.TEST_DATABASE_SERVER_URL && !process.env.DATABASE_URL) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-test-postgres-"));
    const port = await freePort();
    const server = await openEmbeddedPostgres({ dataDir, role: "site", testing: { port }, openClient: postgresClient });
    process.env.TEST_DATABASE_SERVER_URL = `postgres://postgres@127.0.0.1:${port}/postgres`;
    stopServer = async () => {
      await server.release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const template = uniqueName("club_template");
  await withSql(serverUrl(), (admin) => admin.unsafe(`create database "${template}"`));
  const handle = await connect({ databaseUrl: withDatabase(serverUrl(), template), dataDir: "unused" });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  process.env.TEST_DATABASE_TEMPLATE = template;
  return async () => {
    await withSql(serverUrl(), (admin) => admin.unsafe(`drop database if exists "${template}" with (force)`));
    await stopServer();
  };
}

/** Creates a fresh, migrated database (a copy of the run's template) and returns its URL. */
export async function createTestDatabase(prefix = "club_test"): Promise<string> {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (!template)
    throw new Error("No template database: the run's global set-up (startTestDatabaseServer) did not run.");
  const name = uniqueName(prefix);
  await withSql(serverUrl(), async (admin) => {
    // Two copies of one template at the same moment may find it busy (a copy reads it): try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.unsafe(`create database "${name}" template "${template}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  });
  return withDatabase(serverUrl(), name);
}

/** Creates an empty database (no migrations: an upgrade test applies them itself) and returns its URL. */
export async function createEmptyTestDatabase(prefix: string): Promise<string> {
  const name = uniqueName(prefix);
  await withSql(serverUrl(), (admin) => admin.unsafe(`create database "${name}"`));
  return withDatabase(serverUrl(), name);
}

export async function dropTestDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  await withSql(serverUrl(), (admin) => admin.unsafe(`drop database if exists "${name}" with (force)`));
}

// This test file's own database (vitest-setup.ts makes it before the file's first test).
let fileDatabaseUrl: string | undefined;

/** The URL of the calling test file's database (for child processes and second clients). */
export function testDatabaseUrl(): string {
  if (!fileDatabaseUrl) throw new Error("The file's database is not made yet (tests/support/vitest-setup.ts).");
  return fileDatabaseUrl;
}

/** vitest-setup.ts: a fresh database for the file, opened as the app's. */
export async function openFileDatabase() {
  fileDatabaseUrl = await createTestDatabase("club_file");
  await openDatabase({ databaseUrl: fileDatabaseUrl, dataDir: process.env.DATA_DIR! });
}

export async function dropFileDatabase() {
  await closeDatabase();
  if (fileDatabaseUrl) await dropTestDatabase(fileDatabaseUrl);
  fileDatabaseUrl = undefined;
}

/**
 * Gives the calling describe block a database of its own, for tests whose answer
 * depends on every row of a table (the club's next meeting, its calendar feed,
 * its active admins) and so cannot share the file's database with the file's
 * other blocks. Call at the top of the block.
 */
export function useOwnDatabase(prefix: string, { empty = false }: { empty?: boolean } = {}) {
  let url: string;
  beforeAll(async () => {
    // Empty: no migrations, for a test that applies them itself (an upgrade).
    url = empty ? await createEmptyTestDatabase(prefix) : await createTestDatabase(prefix);
    await closeDatabase();
    await openDatabase({ databaseUrl: url, dataDir: process.env.DATA_DIR! });
  });
  afterAll(async () => {
    await closeDatabase();
    await dropTestDatabase(url);
    await openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: process.env.DATA_DIR! });
  });
}
