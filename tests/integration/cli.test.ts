// The operator's commands, run as an operator would: as child processes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, postgresClient } from "@db/client.server";
import { openEmbeddedPostgres } from "@db/embedded-postgres.server";
import { users } from "@db/schema";
import { verifyPassword } from "~/services/auth/password-hash.server";
import { runCommand } from "../support/commands";
import { testDatabaseUrl } from "../support/test-database";

/** The stored row, password hash included: what the command wrote. */
async function storedMember(username: string) {
  const [row] = await db()
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return row;
}

const run = runCommand;
const legacyArchive = path.resolve(import.meta.dirname, "../fixtures/backups/pglite-demo-club.tar.gz");

const member = (tag: string, extra: string[] = []) => [
  "--email",
  `${tag}@example.com`,
  "--username",
  tag,
  "--password",
  "darkroom42",
  "--first-name",
  "Garry",
  "--last-name",
  "Winogrand",
  ...extra,
];

describe("npm run user:create", () => {
  it("creates a member, prints its id, and the password works", async () => {
    const tag = `cli_${Date.now()}`;
    const result = await run("scripts/user-create.ts", member(tag, ["--admin"]), {
      DATABASE_URL: testDatabaseUrl(),
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const created = await storedMember(tag);
    expect(result.stdout.trim()).toBe(String(created!.id));
    expect(created!.isAdmin).toBe(true);
    expect(created!.firstName).toBe("Garry");
    expect(await verifyPassword(created!.passwordHash, "darkroom42")).toBe(true);
  });

  it("refuses a duplicate, whatever its case, and writes nothing", async () => {
    const tag = `dup_${Date.now()}`;
    expect((await run("scripts/user-create.ts", member(tag), { DATABASE_URL: testDatabaseUrl() })).code).toBe(0);
    const again = await run("scripts/user-create.ts", member(tag.toUpperCase()), {
      DATABASE_URL: testDatabaseUrl(),
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("--username: Username is already taken.");
    expect(again.stderr).toContain("--email: Email is already in use.");
  });

  it("refuses bad values with a message naming the option", async () => {
    const result = await run(
      "scripts/user-create.ts",
      [
        "--email",
        "not-an-email",
        "--username",
        "ok_name",
        "--password",
        "short",
        "--first-name",
        "A",
        "--last-name",
        "B",
      ],
      { DATABASE_URL: testDatabaseUrl() },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--email: Email must be a valid email address.");
    expect(result.stderr).toContain("--password: Minimum eight characters, at least one letter and one number.");
    expect(await storedMember("ok_name")).toBeUndefined();
  });

  it("joins the running site's embedded PostgreSQL; a restore refuses to run beside the site", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-cli-"));
    const site = await openEmbeddedPostgres({ dataDir, role: "site", openClient: postgresClient }); // as the running site does
    try {
      const result = await run("scripts/user-create.ts", member("joins_site"), {
        DATABASE_URL: undefined,
        DATA_DIR: dataDir,
      });
      expect(result.stderr).toBe("");
      expect(result.stdout.trim()).toBe("1");
      // The site's server is still running, owned by the site.
      expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(true);
      expect(fs.readFileSync(path.join(dataDir, "postgres.owner"), "utf8")).toBe(`${process.pid} site\n`);

      const restore = await run("scripts/restore.ts", [legacyArchive], { DATABASE_URL: undefined, DATA_DIR: dataDir });
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain(`is in use by process ${process.pid}`);
      expect(restore.stderr).toContain("A restore needs the site stopped.");
    } finally {
      await site.release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("starts the embedded PostgreSQL for itself when no site runs, and stops it on exit", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-cli-"));
    try {
      const result = await run("scripts/user-create.ts", member("embedded_admin", ["--admin"]), {
        DATABASE_URL: undefined,
        DATA_DIR: dataDir,
      });
      expect(result.stderr).toBe("");
      expect(result.stdout.trim()).toBe("1");
      expect(fs.existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false); // stopped
      expect(fs.existsSync(path.join(dataDir, "postgres.owner"))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("clears a start lock left by a process that died", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-cli-"));
    try {
      const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
      fs.writeFileSync(path.join(dataDir, "postgres.lock"), dead);
      const result = await run("scripts/user-create.ts", member("after_crash"), {
        DATABASE_URL: undefined,
        DATA_DIR: dataDir,
      });
      expect(result.stderr).toBe("");
      expect(result.stdout.trim()).toBe("1");
      expect(fs.existsSync(path.join(dataDir, "postgres.lock"))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("server start-up configuration", () => {
  it.each([
    [{ PORT: "eighty" }, "Invalid environment variable PORT"],
    [{ NODE_ENV: "production", SESSION_SECRET: undefined }, "Invalid environment variable SESSION_SECRET"],
    [{ DATABASE_URL: "mysql://nope" }, "Invalid environment variable DATABASE_URL"],
  ])("stops with one clear line for %o", async (env, message) => {
    const result = await run("server.ts", [], { DATABASE_URL: testDatabaseUrl(), ...env });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
  });
});

describe("npm run db:seed", () => {
  it("makes a demo club on the embedded PostgreSQL with real stored photos, and refuses to run twice", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-seed-"));
    try {
      const first = await run("db/seed.ts", [], { DATABASE_URL: undefined, DATA_DIR: dataDir });
      expect(first.stderr).toBe("");
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(
        /Demo club added: members admin, vivian, garry, helen, saul .* 24 photos \(3 each featured for \d{4}\)/,
      );
      expect(first.stdout).toContain("5 meetings (4 past with 24 submissions, 1 upcoming) and a weekly template.");
      const stored = fs.readdirSync(path.join(dataDir, "storage"), { recursive: true }).map(String);
      expect(stored.filter((f) => f.endsWith("large.jpg"))).toHaveLength(24);
      expect(stored.filter((f) => f.endsWith("thumb.webp"))).toHaveLength(24);

      const again = await run("db/seed.ts", [], { DATABASE_URL: undefined, DATA_DIR: dataDir });
      expect(again.code).toBe(0);
      expect(again.stdout).toContain("already has members");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Two child processes, each compiling the scripts and starting PostgreSQL; the first runs 24 camera files
    // through sharp and exiftool. On a 2-core machine at load 15 that took over 90 s: a limit that only
    // catches a hang.
  }, 300_000);
});
