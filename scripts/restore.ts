// npm run restore -- FILE [--force]
// Fills an empty install (embedded, or PostgreSQL and MinIO as configured) from
// an archive of npm run backup, after proving every checksum. An install that
// already holds rows or files is refused unless --force, which replaces them.
import { parseArgs } from "node:util";
import { DatabaseInUseError } from "@db/data-dir-lock.server";
import { DamagedArchiveError, RestoreRefusedError, restoreBackup } from "~/services/backup/backup.server";
import { storage } from "~/storage/storage.server";
import { commandEnv, connectForWholeTables, fail } from "./command";

const usage = "Usage: npm run restore -- FILE [--force]";

let file: string | undefined;
let force = false;
try {
  const parsed = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (parsed.positionals.length !== 1) throw new Error("Name one archive.");
  file = parsed.positionals[0];
  force = parsed.values.force ?? false;
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}

const env = commandEnv();

let handle;
try {
  handle = await connectForWholeTables(env, { exclusive: true });
} catch (error) {
  if (error instanceof DatabaseInUseError) fail(`${error.message} A restore needs the site stopped.`);
  fail(`Could not open the database: ${(error as Error).message}`);
}

try {
  const summary = await restoreBackup(handle, storage(), file!, { force });
  console.log(
    `Restored ${summary.rows} rows in ${summary.tables} tables and ${summary.objects} stored files` +
      `${summary.replaced ? ", replacing what the install held" : ""} (${handle.kind}, ${storage().kind} storage).`,
  );
} catch (error) {
  process.exitCode = 1;
  if (error instanceof DamagedArchiveError || error instanceof RestoreRefusedError) console.error(error.message);
  else console.error(`The restore failed: ${(error as Error).message}`);
} finally {
  await handle.close();
}
