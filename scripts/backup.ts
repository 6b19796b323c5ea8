// npm run backup -- --out FILE
// Writes one archive of the club: the database (a consistent snapshot), every
// stored file, and a manifest with checksums (docs/operations.md "Backups"). Safe while the
// site runs: it reads one snapshot of the database (on the embedded server, the
// running site's own, which it joins; else it starts that server for itself).
import { parseArgs } from "node:util";
import { writeBackup, type BackupSummary } from "~/services/backup/backup.server";
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
  const handle = await connectForWholeTables(env);
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
