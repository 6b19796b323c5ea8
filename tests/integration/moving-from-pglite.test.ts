// A club made on the release whose embedded database was PGlite moves over: the
// archive that release's `npm run backup` wrote (tests/fixtures/backups) restores,
// with `npm run restore`, into the embedded PostgreSQL of this one.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { closeDatabase, databaseHandle, openDatabase } from "@db/client.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { useStorage } from "~/storage/storage.server";
import { runCommand } from "../support/commands";
import { useHttpApp } from "../support/http-app";
import { testDatabaseUrl } from "../support/test-database";

const site = useHttpApp();

describe("moving a club from the PGlite release", () => {
  const legacyArchive = path.resolve(import.meta.dirname, "../fixtures/backups/pglite-demo-club.tar.gz");

  it("restores its archive into a new embedded install, where its members log in and see their photos", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "club-moved-"));
    await closeDatabase();
    // As docs/database.md says: npm run restore on the new release, with DATABASE_URL unset.
    const result = await runCommand("scripts/restore.ts", [legacyArchive], { DATABASE_URL: "", DATA_DIR: dataDir });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Restored 71 rows in \d+ tables and 24 stored files \(embedded, local storage\)/);

    // The site starts on it.
    await openDatabase({ dataDir, embeddedRole: "site" });
    useStorage(new LocalStorage(path.join(dataDir, "storage")));
    const count = async (table: string) =>
      Number(
        (
          (await databaseHandle().db.execute(`select count(*)::int as n from ${table}`)) as unknown as { n: number }[]
        )[0]!.n,
      );
    expect(await count("users")).toBe(5);
    expect(await count("photos")).toBe(8);
    expect(await count("ratings")).toBe(20);
    expect(await count("comments")).toBe(8);

    const login = await fetch(`${site.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url },
      body: JSON.stringify({ email: "vivian", password: "street123" }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const me = (await login.json()) as { id: number; username: string };
    expect(me.username).toBe("vivian");
    const list = await fetch(`${site.url}/api/photos?userId=${me.id}`, { headers: { Cookie: cookie } });
    expect(list.headers.get("X-Total-Count")).toBe("2");
    const [first] = (await list.json()) as { id: number }[];
    const thumb = await fetch(`${site.url}/media/photos/${first!.id}/thumb`, { headers: { Cookie: cookie } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toMatch(/^image\//);
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    useStorage(undefined);
    await closeDatabase();
    await openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: process.env.DATA_DIR! });
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 180_000);
});
