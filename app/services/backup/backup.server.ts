// Backup and restore (npm run backup / npm run restore; docs/operations.md "Backups").
//
// A backup reads every club table inside one REPEATABLE READ, READ ONLY
// transaction, so the rows agree with each other however busy the site is,
// then copies every stored object, and packs both with a checksummed manifest.
// A restore proves the archive whole first, then fills an empty install: the
// tables in one transaction (all or nothing), then the objects. The rows go
// through PostgreSQL's own JSON, so an embedded club restores onto PostgreSQL
// and MinIO as well as onto another embedded install.
import crypto from "node:crypto";
import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { migrationsFolder, type DatabaseHandle } from "@db/client.server";
import { isSafeKey } from "~/storage/keys.server";
import type { ObjectStorage } from "~/storage/storage.server";
import {
  ARCHIVE_FORMAT,
  DamagedArchiveError,
  objectFile,
  packArchive,
  sha256File,
  tableFile,
  unpackArchive,
  type Manifest,
} from "./archive.server";
import {
  countRows,
  fillLaterColumns,
  insertRows,
  planTables,
  quoted,
  readRows,
  resetSequences,
  type TablePlan,
} from "./tables.server";

export { DamagedArchiveError };

type Journal = { entries: { tag: string }[] };
const readJournal = (): Journal =>
  JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as Journal;

/** The migration the running code brings the database to (the journal's last entry). */
export function currentMigration(): string {
  return readJournal().entries.at(-1)!.tag;
}

/**
 * A copy of the migrations folder that ends at `tag`, in `scratch`: an archive of
 * an older version is restored into the schema it was made from, and the newer
 * migrations then run on its rows as they run on any club that upgrades.
 */
async function migrationsUpTo(tag: string, scratch: string): Promise<string> {
  const folder = path.join(scratch, "migrations");
  await fs.cp(migrationsFolder(), folder, { recursive: true });
  const journal = readJournal();
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === tag) + 1);
  await fs.writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal, null, 2));
  return folder;
}

/** Columns whose values are storage keys: a row naming a file the archive lacks is reported. */
const KEY_COLUMNS: Record<string, string[]> = { assets: ["key"], photos: ["thumb_key", "large_key"] };

export type BackupSummary = {
  file: string;
  tables: number;
  rows: number;
  objects: number;
  bytes: number;
  missing: string[];
};

/** Writes the archive of the club behind `database` and `storage` to `out`. */
export async function writeBackup(
  database: DatabaseHandle,
  storage: ObjectStorage,
  out: string,
): Promise<BackupSummary> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "club-backup-"));
  try {
    await fs.mkdir(path.join(folder, "tables"));
    const referenced = new Set<string>();
    const tables = await database.db.transaction(
      async (tx) => {
        const plan = await planTables(tx);
        const saved: Manifest["tables"] = [];
        for (const name of plan.order) {
          const rows = await readRows(tx, name, plan.primaryKeys.get(name) ?? []);
          for (const column of KEY_COLUMNS[name] ?? []) {
            for (const row of rows) {
              const key = (JSON.parse(row) as Record<string, unknown>)[column];
              if (typeof key === "string") referenced.add(key);
            }
          }
          const file = path.join(folder, tableFile(name));
          await fs.writeFile(file, rows.map((row) => `${row}\n`).join(""));
          saved.push({ name, rows: rows.length, sha256: await sha256File(file) });
        }
        return saved;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );

    const objects: Manifest["objects"] = [];
    for await (const key of storage.list()) {
      const stored = await storage.read(key);
      if (!stored) continue; // removed since it was listed
      const file = path.join(folder, objectFile(key));
      await fs.mkdir(path.dirname(file), { recursive: true });
      const hash = crypto.createHash("sha256");
      let size = 0;
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(stored.stream, counting, createWriteStream(file));
      objects.push({ key, size, sha256: hash.digest("hex"), contentType: stored.contentType });
    }
    const copied = new Set(objects.map((o) => o.key));
    const missing = [...referenced].filter((key) => !copied.has(key)).sort();

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      migration: currentMigration(),
      source: { database: database.kind, storage: storage.kind },
      tables,
      objects,
      missing,
    };
    await fs.writeFile(path.join(folder, "manifest.json"), JSON.stringify(manifest, null, 2));
    await packArchive(folder, out);
    return {
      file: out,
      tables: tables.length,
      rows: tables.reduce((sum, t) => sum + t.rows, 0),
      objects: objects.length,
      bytes: (await fs.stat(out)).size,
      missing,
    };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

export class RestoreRefusedError extends Error {}

export type RestoreSummary = { tables: number; rows: number; objects: number; replaced: boolean };

/** What the target already holds: a club's rows or files. */
async function targetContents(database: DatabaseHandle, storage: ObjectStorage, plan: TablePlan) {
  let rows = 0;
  for (const table of plan.order) rows += await countRows(database.db, table);
  let objects = 0;
  for await (const _key of storage.list()) objects++;
  return { rows, objects };
}

/**
 * Restores `file` into the install behind `database` (migrated here) and
 * `storage`. An install with any row or file is refused unless `force`, which
 * empties it first (every club table and every stored object).
 */
export async function restoreBackup(
  database: DatabaseHandle,
  storage: ObjectStorage,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "club-restore-"));
  try {
    const manifest = await unpackArchive(file, folder);
    // An older version's archive is restored at its own version, then upgraded; a newer one's cannot be.
    if (!readJournal().entries.some((entry) => entry.tag === manifest.migration)) {
      throw new RestoreRefusedError(
        `This archive was made by a club at database version ${manifest.migration}, which this software does not ` +
          `know (it is at ${currentMigration()}). Restore it with the version that made it or a newer one.`,
      );
    }
    const upgrading = manifest.migration !== currentMigration();
    const unsafe = manifest.objects.find((o) => !isSafeKey(o.key));
    if (unsafe) throw new DamagedArchiveError(`The archive names a file outside the club's storage: ${unsafe.key}`);

    await database.migrate(upgrading ? await migrationsUpTo(manifest.migration, folder) : undefined);
    await storage.prepare();
    const plan = await planTables(database.db);
    const unknown = manifest.tables.find((t) => !plan.order.includes(t.name));
    if (unknown) throw new DamagedArchiveError(`The archive holds a table this club does not have: ${unknown.name}`);

    const present = await targetContents(database, storage, plan);
    const replacing = present.rows > 0 || present.objects > 0;
    if (replacing && !force) {
      throw new RestoreRefusedError(
        `This install is not empty (${present.rows} rows, ${present.objects} stored files). ` +
          `Restore into an empty one, or pass --force to replace everything in it.`,
      );
    }

    const saved = new Map(manifest.tables.map((t) => [t.name, t]));
    const rowsOf = async (name: string) =>
      saved.has(name)
        ? (await fs.readFile(path.join(folder, tableFile(name)), "utf8")).split("\n").filter((line) => line !== "")
        : [];
    await database.db.transaction(async (tx) => {
      if (replacing) {
        await tx.execute(
          // One statement, so the tables' references to each other do not matter.
          sql.raw(`truncate ${plan.order.map(quoted).join(", ")} restart identity cascade`),
        );
      }
      for (const name of plan.order) {
        await insertRows(tx, name, await rowsOf(name), plan.later.get(name));
      }
      for (const [name, columns] of plan.later) {
        await fillLaterColumns(tx, name, await rowsOf(name), columns, plan.primaryKeys.get(name) ?? []);
      }
      await resetSequences(tx, plan.order);
    });
    if (upgrading) await database.migrate();

    if (replacing) {
      const old: string[] = [];
      for await (const key of storage.list()) old.push(key);
      await storage.remove(old);
    }
    for (const object of manifest.objects) {
      const source = path.join(folder, objectFile(object.key));
      await storage.put(object.key, createReadStream(source), { contentType: object.contentType, size: object.size });
    }
    return {
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      objects: manifest.objects.length,
      replaced: replacing,
    };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
