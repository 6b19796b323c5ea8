// One process at a time may start or stop the embedded PostgreSQL of a data
// folder (db/embedded-postgres.server.ts), and one site at a time may own it.
// Whoever comes first writes its pid into a lock file beside the folder; everyone
// else is refused with a clear message (or waits, for the short start/stop lock).
import fs from "node:fs";
import path from "node:path";

export class DatabaseInUseError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (is the site running?). ` +
        `Stop it first, or set DATABASE_URL to use a PostgreSQL server.`,
    );
    this.name = "DatabaseInUseError";
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock for `dataDir`; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${path.resolve(dataDir)}.lock`;
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseInUseError(dataDir, holder);
      }
      // A stale lock left by a process that died: clear it and try once more.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
