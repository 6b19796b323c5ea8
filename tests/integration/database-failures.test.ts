// Bad database settings get one line with the cause: a
// DATABASE_URL to a closed port, to a database that does not exist, or with a
// wrong password used to say "Failed query: CREATE SCHEMA IF NOT EXISTS
// "drizzle"" alike, at start and in npm run backup. Against real servers on
// loopback: a port nobody listens on, the run's own PostgreSQL, and one that asks for a password.
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { connect } from "@db/client.server";
import { describeDatabaseFailure } from "@db/database-failures.server";
import { runCommand } from "../support/commands";
import { startPasswordPostgres } from "../support/password-postgres";
import { serverUrl } from "../support/test-database";

/** A loopback port with nothing listening on it (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function migrateError(databaseUrl: string): Promise<Error> {
  const handle = await connect({ databaseUrl, dataDir: os.tmpdir(), connectTimeoutMs: 5000 });
  try {
    return await handle.migrate().then(
      () => new Error("migrated"),
      (error: Error) => error,
    );
  } finally {
    await handle.close();
  }
}

describe("a database that cannot be used is named with its cause", () => {
  it("a closed port: refused", async () => {
    const port = await closedPort();
    const error = await migrateError(`postgres://club@127.0.0.1:${port}/club`);
    expect(error.message).toBe(
      `PostgreSQL at 127.0.0.1:${port} refused the connection: is it running, and is DATABASE_URL's port right?`,
    );
  });

  it("a database that does not exist: named", async () => {
    const url = new URL(serverUrl());
    url.pathname = "/no_such_club_db";
    const error = await migrateError(url.toString());
    expect(error.message).toBe(
      `PostgreSQL at ${url.hostname}:${url.port} has no database "no_such_club_db": create it, or fix DATABASE_URL.`,
    );
  });

  it("a wrong password: authentication failed, at start and in npm run backup", async () => {
    // A server that asks for passwords (the run's own trust loopback); the right one gets in.
    const server = await startPasswordPostgres("club", "right-password");
    try {
      const url = (password: string) => `postgres://club:${password}@127.0.0.1:${server.port}/postgres`;
      expect((await migrateError(url("right-password"))).message).toBe("migrated");
      const refused = `PostgreSQL at 127.0.0.1:${server.port} refused user "club": authentication failed (check DATABASE_URL's user and password).`;
      const error = await migrateError(url("wrong-password"));
      expect(error.message).toBe(refused);
      expect(error.message).not.toContain("wrong-password");
      const backup = await runCommand("scripts/backup.ts", ["--out", path.join(os.tmpdir(), "never.tar.gz")], {
        DATABASE_URL: url("wrong-password"),
      });
      expect(backup.code).toBe(1);
      expect(backup.stderr.trim()).toBe(`The backup failed: ${refused}`);
    } finally {
      await server.stop();
    }
  });

  it("a refusal by another rule of the server (28000): authentication failed too", () => {
    const refused = new postgres.PostgresError({
      code: "28000",
      message: 'no pg_hba.conf entry for host "10.0.0.7", user "club", database "club"',
    } as never);
    const wrapped = new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"', { cause: refused });
    expect(describeDatabaseFailure(wrapped, "postgres://club:secret@db.example:5433/club")).toBe(
      `PostgreSQL at db.example:5433 refused user "club": authentication failed (check DATABASE_URL's user and password).`,
    );
  });

  it("npm run backup says the same line, not the SQL it tried", async () => {
    const port = await closedPort();
    const result = await runCommand("scripts/backup.ts", ["--out", path.join(os.tmpdir(), "never.tar.gz")], {
      DATABASE_URL: `postgres://club@127.0.0.1:${port}/club`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `The backup failed: PostgreSQL at 127.0.0.1:${port} refused the connection: is it running, and is DATABASE_URL's port right?`,
    );
  });
});
