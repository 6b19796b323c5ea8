// npm run backup -- --out FILE
// Writes one archive of the club: the database (a consistent snapshot), every
// stored file, and a manifest with checksums (README "Backups"). Safe while the
// site runs: on PostgreSQL it reads a snapshot; on the embedded database, which
// only the running site may open, it asks the site to write the archive.
import { parseArgs } from "node:util";
import { DatabaseInUseError } from "@db/pglite-lock.server";
import { writeBackup, type BackupSummary } from "~/services/backup/backup.server";
import { askRunningSite } from "~/services/backup/channel.server";
import { storage } from "~/storage/storage.server";
import { commandEnv, connectForWholeTables, fail } from "./command";

const usage = "Usage: npm run backup -- --out FILE";

let out: string | undefined;
try {
  out = parseArgs({ options: { out: { type: "string" } }, strict: true }).values.out;
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
if (!out) fail(usage);

const env = commandEnv();

async function backUp(file: string): Promise<BackupSummary> {
  let handle;
  try {
    handle = await connectForWholeTables(env);
  } catch (error) {
    // The embedded database is open in the running site: it writes the archive.
    if (error instanceof DatabaseInUseError) return askRunningSite(env.DATA_DIR, file);
    throw error;
  }
  try {
    await handle.migrate();
    return await writeBackup(handle, storage(), file);
  } finally {
    await handle.close();
  }
}

try {
  const summary = await backUp(out);
  const megabytes = (summary.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backup written to ${summary.file}: ${summary.rows} rows in ${summary.tables} tables, ` +
      `${summary.objects} stored files, ${megabytes} MB.`,
  );
  if (summary.missing.length) {
    console.warn(
      `${summary.missing.length} file(s) named by the database were deleted while the backup ran ` +
        `(photos deleted meanwhile): ${summary.missing.join(", ")}. Run it again for a complete archive.`,
    );
  }
} catch (error) {
  fail(`The backup failed: ${(error as Error).message}`);
}
