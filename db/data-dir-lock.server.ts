// One process at a time may start or stop the embedded PostgreSQL of a data
// folder (db/embedded-postgres.server.ts). Whoever comes first holds a lock file
// beside the folder naming its pid; everyone else is refused (or waits).
//
// Both steps are atomic. The file appears whole, pid inside (a hard link to a
// file written first), so no one reads a half-written lock as a dead one. A lock
// whose holder died is removed only by the one process holding the takeover
// guard, after it reads that same dead holder again: two starters that both saw
// it dead cannot remove each other's new lock.
import fs from "node:fs";
import path from "node:path";
import { isAlive } from "./postgres-process.server";

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

// The guard is held for a read and an unlink; one this old belongs to a process that died holding it.
const GUARD_STALE_MS = 10_000;

/** Creates `file` holding our pid, whole, or returns false when it exists. */
function createHolding(file: string): boolean {
  const draft = `${file}.${process.pid}.draft`;
  fs.writeFileSync(draft, String(process.pid));
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return false;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : 0; // 0: a lock that names no one (never ours)
  } catch {
    return null; // gone
  }
}

/** Removes `lockFile` if `dead` still holds it, as the only process doing so. */
export function removeDeadHolder(lockFile: string, dead: number) {
  const guard = `${lockFile}.takeover`;
  if (!createHolding(guard)) {
    try {
      if (Date.now() - fs.statSync(guard).mtimeMs > GUARD_STALE_MS) fs.rmSync(guard, { force: true });
    } catch {
      // Gone meanwhile: the next attempt takes it.
    }
    return;
  }
  try {
    if (holderOf(lockFile) === dead && (dead === 0 || !isAlive(dead))) fs.rmSync(lockFile, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/** Takes the lock for `dataDir`; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${path.resolve(dataDir)}.lock`;
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createHolding(lockFile)) {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (holderOf(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
      };
    }
    const holder = holderOf(lockFile);
    if (holder === null) continue; // released meanwhile
    // Held by a live process, this one included (its keeper restarting the server, say).
    if (holder !== 0 && isAlive(holder)) throw new DatabaseInUseError(dataDir, holder);
    // A lock left by a process that died: clear it and try again.
    removeDeadHolder(lockFile, holder);
  }
  throw new DatabaseInUseError(dataDir, holderOf(lockFile) ?? 0);
}
