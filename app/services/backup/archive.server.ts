// The backup archive: one .tar.gz holding manifest.json, the club's tables as
// JSON lines (tables/{name}.jsonl) and every stored object (objects/{key}).
// The manifest lists each file with its size and SHA-256, so a restore can
// prove the archive whole before it writes anything.
import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import { z } from "zod";

export const ARCHIVE_FORMAT = "street-club-backup";

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  /** The last database migration of the club that made it: a restore needs the same. */
  migration: z.string(),
  // "pglite": the embedded database of releases before the embedded PostgreSQL server; the archive is the same.
  source: z.object({ database: z.enum(["postgres", "embedded", "pglite"]), storage: z.enum(["local", "s3"]) }),
  tables: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), rows: z.number().int(), sha256: Sha256 })),
  objects: z.array(
    z.object({
      key: z.string().max(300),
      size: z.number().int().nonnegative(),
      sha256: Sha256,
      contentType: z.string().max(200),
    }),
  ),
  /** Files the rows name that the storage no longer had when they were copied (deleted while the backup ran). */
  missing: z.array(z.string()),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export const tableFile = (name: string) => path.join("tables", `${name}.jsonl`);
export const objectFile = (key: string) => path.join("objects", ...key.split("/"));

export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Packs a folder (manifest.json, tables/, objects/) into `out`, written beside and renamed, so `out` is whole
 * or absent. The archive holds password hashes and every member's details: it is made 0600 (its owner
 * alone reads it, as mail.server.ts writes messages) before a byte goes in, whatever the umask.
 */
export async function packArchive(folder: string, out: string) {
  const partial = `${out}.partial`;
  try {
    await fs.rm(partial, { force: true });
    await (await fs.open(partial, "wx", 0o600)).close();
    await fs.chmod(partial, 0o600);
    const entries = (await fs.readdir(folder)).sort((a, b) =>
      a === "manifest.json" ? -1 : b === "manifest.json" ? 1 : 0,
    );
    await tar.create({ gzip: true, file: partial, cwd: folder, portable: true }, entries);
    await fs.rename(partial, out);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

export class DamagedArchiveError extends Error {}

/**
 * Unpacks an archive into `folder` and proves it whole: a manifest of this
 * format, and every table file and object with the size and checksum it lists.
 */
export async function unpackArchive(file: string, folder: string): Promise<Manifest> {
  try {
    // Read to its end first, writing nothing: a truncated or altered archive fails here. Extracting it
    // straight away failed midway with files still being written, which the caller's clean-up then met.
    await tar.list({ file, strict: true });
    // Only plain files and folders, and never a path outside `folder` (tar refuses those by default).
    await tar.extract({
      file,
      cwd: folder,
      strict: true,
      filter: (_path, entry) => "type" in entry && ["File", "Directory"].includes(String(entry.type)),
    });
  } catch (error) {
    throw new DamagedArchiveError(`This archive is damaged, or is not a backup archive (${(error as Error).message}).`);
  }
  let manifest: Manifest;
  try {
    manifest = ManifestSchema.parse(JSON.parse(await fs.readFile(path.join(folder, "manifest.json"), "utf8")));
  } catch {
    throw new DamagedArchiveError(
      "This archive has no valid manifest.json: it is not a backup of this club's software.",
    );
  }
  const expected = [
    ...manifest.tables.map((t) => ({ file: tableFile(t.name), sha256: t.sha256 })),
    ...manifest.objects.map((o) => ({ file: objectFile(o.key), sha256: o.sha256 })),
  ];
  for (const { file: name, sha256 } of expected) {
    const actual = await sha256File(path.join(folder, name)).catch(() => null);
    if (actual !== sha256) {
      throw new DamagedArchiveError(`The archive is damaged: ${name} is ${actual ? "altered" : "missing"}.`);
    }
  }
  return manifest;
}
