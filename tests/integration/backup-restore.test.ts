// Backup and restore, as an operator uses them: a club on the
// embedded defaults (its own PostgreSQL and a data folder) is backed up by `npm run backup`
// while the site runs and writes, then restored onto PostgreSQL and MinIO (s3rver):
// every row equal, every stored file byte-identical, and a member logs in and
// sees their photos. A second restore is refused unless forced, and a damaged
// archive is refused before anything is written.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, databaseHandle, db, openDatabase } from "@db/client.server";
import { assets, photos } from "@db/schema";
import { DamagedArchiveError, restoreBackup, RestoreRefusedError } from "~/services/backup/backup.server";
import { ManifestSchema, type Manifest } from "~/services/backup/archive.server";
import { planTables, readRows } from "~/services/backup/tables.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { useStorage, type ObjectStorage } from "~/storage/storage.server";
import { runCommand } from "../support/commands";
import { useHttpApp } from "../support/http-app";
import { makeMember, TEST_PASSWORD } from "../support/members";
import { insertPhoto, rateDirectly } from "../support/photos";
import { S3RVER_KEY, s3StorageFor, startS3rver, type TestS3 } from "../support/storage";
import { createTestDatabase, dropTestDatabase, testDatabaseUrl } from "../support/test-database";

const site = useHttpApp();

let work: string;
let sourceDir: string;
let source: LocalStorage;
let s3: TestS3;
let target: ObjectStorage;
let targetUrl: string;
let archive: string;
let manifest: Manifest;
/** The source club's rows, table by table, as saved (each row's JSON, normalised). */
const sourceRows = new Map<string, unknown[]>();
const sourceFiles = new Map<string, Buffer>();
let member: { id: number; username: string };
let firstPhotoId: number;

const RUN_DATABASE = () => ({ databaseUrl: testDatabaseUrl(), dataDir: process.env.DATA_DIR! });

/** Timestamps read back in the database's own zone setting: compared as instants. */
function normalised(json: string): unknown {
  return JSON.parse(json, (_key, value: unknown) =>
    typeof value === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?$/.test(value)
      ? new Date(/[Z+-]\d\d:?\d\d$|Z$/.test(value) ? value : `${value}Z`).toISOString()
      : value,
  );
}

async function rowsOfEveryTable(): Promise<Map<string, unknown[]>> {
  const plan = await planTables(databaseHandle().db);
  const rows = new Map<string, unknown[]>();
  for (const table of plan.order) {
    rows.set(table, (await readRows(databaseHandle().db, table, plan.primaryKeys.get(table) ?? [])).map(normalised));
  }
  return rows;
}

async function filesOf(storage: ObjectStorage): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for await (const key of storage.list()) {
    const stored = await storage.read(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    files.set(key, Buffer.concat(chunks));
  }
  return files;
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), "club-backup-test-"));
  // Searchable by others: run as root, the embedded PostgreSQL runs as another user and must reach source/.
  await fs.chmod(work, 0o755);
  sourceDir = path.join(work, "source");
  archive = path.join(work, "club.tar.gz");
  // The club on the embedded defaults: this process is its running site (it owns the embedded server).
  await closeDatabase();
  await openDatabase({ dataDir: sourceDir, embeddedRole: "site" });
  await databaseHandle().migrate();
  // The site's own storage folder, as `npm run backup` (another process, same DATA_DIR) finds it.
  source = new LocalStorage(path.join(sourceDir, "storage"));
  useStorage(source);
  const made = await makeMember({ firstName: "Helen" });
  member = made;
  const other = await makeMember({ firstName: "Saul", isAdmin: true });
  const first = await insertPhoto(made.id, { caption: "Rue Mouffetard", withFiles: true });
  await insertPhoto(made.id, { caption: "Le Marais", withFiles: true, metadata: { exif: { Make: "Leica" } } as never });
  await insertPhoto(other.id, { caption: "Canal", withFiles: true });
  firstPhotoId = first.id;
  await rateDirectly(first.id, other.id, 5);
  s3 = await startS3rver();
  target = s3StorageFor(s3, "club-restored");
}, 120_000);

afterAll(async () => {
  useStorage(undefined);
  await closeDatabase();
  await openDatabase(RUN_DATABASE());
  await s3?.stop();
  if (targetUrl) await dropTestDatabase(targetUrl);
  await fs.rm(work, { recursive: true, force: true });
});

describe("npm run backup", () => {
  it("joins the running site's embedded server and writes one archive, consistent while photos are added", async () => {
    {
      // The site keeps writing while the command runs.
      let writing = true;
      const writes = (async () => {
        let added = 0;
        while (writing && added < 50) {
          await insertPhoto(member.id, { caption: `Busy ${added++}`, withFiles: true });
        }
        return added;
      })();
      const result = await runCommand("scripts/backup.ts", ["--out", archive], { DATA_DIR: sourceDir });
      writing = false;
      expect(await writes).toBeGreaterThan(0);
      expect(result.stderr).not.toContain("failed");
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Backup written to .*club\.tar\.gz: \d+ rows in \d+ tables, \d+ stored files/);
      // It holds password hashes: readable by its owner alone, as the mail folder's messages are.
      expect((await fs.stat(archive)).mode & 0o777).toBe(0o600);
    }

    const listed: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => listed.push(entry.path) });
    expect(listed[0]).toBe("manifest.json");
    const folder = path.join(work, "peek");
    await fs.mkdir(folder);
    await tar.extract({ file: archive, cwd: folder });
    manifest = ManifestSchema.parse(JSON.parse(await fs.readFile(path.join(folder, "manifest.json"), "utf8")));
    expect(manifest.source).toEqual({ database: "embedded", storage: "local" });
    expect(manifest.tables.map((t) => t.name)).not.toContain("sessions");
    // One snapshot: every photo in it has its original asset in it too, and all three of its files.
    const lines = async (table: string) =>
      (await fs.readFile(path.join(folder, "tables", `${table}.jsonl`), "utf8"))
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const savedPhotos = await lines("photos");
    const savedAssets = new Map((await lines("assets")).map((a) => [a.id, a.key as string]));
    const savedKeys = new Set(manifest.objects.map((o) => o.key));
    expect(savedPhotos.length).toBe(manifest.tables.find((t) => t.name === "photos")!.rows);
    expect(savedPhotos.length).toBeGreaterThanOrEqual(3);
    for (const photo of savedPhotos) {
      const original = savedAssets.get(photo.original_asset_id);
      expect(original, `photo ${String(photo.id)}'s asset`).toBeDefined();
      for (const key of [original, photo.thumb_key, photo.large_key]) expect(savedKeys.has(key as string)).toBe(true);
    }
    expect(manifest.missing).toEqual([]);

    // What the source held when the archive was made, to compare the restore with.
    const now = await rowsOfEveryTable();
    for (const [table, rows] of now) {
      const saved = await lines(table).catch(() => []);
      sourceRows.set(
        table,
        saved.map((row) => normalised(JSON.stringify(row))),
      );
      if (table !== "photos" && table !== "assets") expect(rows.length).toBe(saved.length);
    }
    for (const key of savedKeys)
      sourceFiles.set(key, await fs.readFile(path.join(folder, "objects", ...key.split("/"))));
    const live = await filesOf(source);
    for (const [key, bytes] of sourceFiles) expect(live.get(key)?.equals(bytes), key).toBe(true);
  }, 180_000);
});

describe("npm run restore", () => {
  it("fills an empty PostgreSQL and MinIO install: every row equal, every file byte-identical, members log in", async () => {
    expect(manifest, "the backup test ran first").toBeDefined();
    // The site's embedded database closes (the operator stops it); the new install is empty.
    useStorage(undefined);
    await closeDatabase();
    targetUrl = await createTestDatabase("club_restore");
    const result = await runCommand("scripts/restore.ts", [archive], {
      DATABASE_URL: targetUrl,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: S3RVER_KEY,
      S3_SECRET_KEY: S3RVER_KEY,
      S3_BUCKET: "club-restored",
      S3_REGION: "us-east-1",
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Restored \d+ rows in \d+ tables and \d+ stored files \(postgres, s3 storage\)/);

    await openDatabase({ databaseUrl: targetUrl, dataDir: process.env.DATA_DIR! });
    useStorage(target);
    const restored = await rowsOfEveryTable();
    for (const [table, rows] of sourceRows) expect(restored.get(table), table).toEqual(rows);
    const files = await filesOf(target);
    expect([...files.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    for (const [key, bytes] of sourceFiles) expect(files.get(key)!.equals(bytes), key).toBe(true);

    // A member logs in on the restored club and sees their photos, files included.
    const login = await fetch(`${site.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url },
      body: JSON.stringify({ email: member.username, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const list = await fetch(`${site.url}/api/photos?userId=${member.id}`, { headers: { Cookie: cookie } });
    expect(list.status).toBe(200);
    const theirs = (sourceRows.get("photos") as { user_id: number }[]).filter((p) => p.user_id === member.id);
    expect(list.headers.get("X-Total-Count")).toBe(String(theirs.length));
    const shown = (await list.json()) as { id: number; caption: string }[];
    expect(shown.length).toBe(Math.min(theirs.length, 24));
    const photo = await fetch(`${site.url}/api/photos/${firstPhotoId}`, { headers: { Cookie: cookie } });
    expect(((await photo.json()) as { caption: string }).caption).toBe("Rue Mouffetard");
    const large = await fetch(`${site.url}/media/photos/${firstPhotoId}/large`, { headers: { Cookie: cookie } });
    expect(large.status).toBe(200);
    expect(Buffer.from(await large.arrayBuffer()).toString()).toBe("large bytes");
    // New rows continue after the restored ids.
    const [next] = await db()
      .insert(photos)
      .values(await nextPhotoValues(member.id))
      .returning({ id: photos.id });
    expect(next!.id).toBeGreaterThan(Math.max(...(sourceRows.get("photos") as { id: number }[]).map((p) => p.id)));
  }, 180_000);

  it("refuses an install that is not empty unless told, and --force replaces what it held", async () => {
    await expect(restoreBackup(databaseHandle(), target, archive)).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(databaseHandle(), target, archive)).rejects.toThrow(
      /This install is not empty \(\d+ rows, \d+ stored files\)\. .*--force/,
    );
    await target.put("originals/ab/abababab-abab-abab-abab-abababababab", Buffer.from("stray"), {
      contentType: "image/jpeg",
    });
    const summary = await restoreBackup(databaseHandle(), target, archive, { force: true });
    expect(summary.replaced).toBe(true);
    const files = await filesOf(target);
    expect([...files.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    const restored = await rowsOfEveryTable();
    for (const [table, rows] of sourceRows) expect(restored.get(table), table).toEqual(rows);
  }, 180_000);

  it("refuses a damaged archive before writing anything", async () => {
    const folder = path.join(work, "damaged");
    await fs.mkdir(folder);
    await tar.extract({ file: archive, cwd: folder });
    const victim = manifest.objects[0]!.key;
    await fs.writeFile(path.join(folder, "objects", ...victim.split("/")), "not the photo");
    const damaged = path.join(work, "damaged.tar.gz");
    await tar.create({ gzip: true, file: damaged, cwd: folder }, await fs.readdir(folder));
    const before = await rowsOfEveryTable();

    await expect(restoreBackup(databaseHandle(), target, damaged, { force: true })).rejects.toThrow(
      DamagedArchiveError,
    );
    await expect(restoreBackup(databaseHandle(), target, damaged, { force: true })).rejects.toThrow(
      `The archive is damaged: ${path.join("objects", ...victim.split("/"))} is altered.`,
    );
    expect(await rowsOfEveryTable()).toEqual(before);
    expect((await filesOf(target)).get(victim)!.equals(sourceFiles.get(victim)!)).toBe(true);

    const notAnArchive = path.join(work, "notes.txt");
    await fs.writeFile(notAnArchive, "hello");
    await expect(restoreBackup(databaseHandle(), target, notAnArchive, { force: true })).rejects.toThrow(
      DamagedArchiveError,
    );
  }, 120_000);

  it("names a truncated or bit-flipped archive as damaged, and leaves no temporary folder", async () => {
    const whole = await fs.readFile(archive);
    const truncated = path.join(work, "truncated.tar.gz");
    await fs.writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const flipped = path.join(work, "flipped.tar.gz");
    const bits = Buffer.from(whole);
    for (let at = Math.floor(bits.length / 3); at < bits.length / 3 + 64; at++) bits[at] = bits[at]! ^ 0xff;
    await fs.writeFile(flipped, bits);
    // Its own temporary folder, so what a restore leaves behind is seen.
    const tmp = await fs.mkdtemp(path.join(work, "tmp-"));
    const tmpBefore = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      for (const damaged of [truncated, flipped]) {
        const refused = await restoreBackup(databaseHandle(), target, damaged, { force: true }).catch(
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(DamagedArchiveError);
        expect((refused as Error).message).toMatch(/^This archive is damaged/);
        expect(await fs.readdir(tmp)).toEqual([]);
      }
    } finally {
      process.env.TMPDIR = tmpBefore;
    }
  }, 120_000);
});

async function nextPhotoValues(userId: number) {
  const [asset] = await db()
    .insert(assets)
    .values({
      key: "originals/cd/cdcdcdcd-cdcd-cdcd-cdcd-cdcdcdcdcdcd",
      filename: "n.jpg",
      contentType: "image/jpeg",
      byteSize: 1,
      createdById: userId,
    })
    .returning();
  return { userId, originalAssetId: asset!.id, filename: "n.jpg" };
}
