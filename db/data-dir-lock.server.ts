// One process at a time may start or stop the embedded PostgreSQL of a data
// folder (db/embedded-postgres.server.ts). Whoever comes first holds a lock file
// beside the folder naming its pid; everyone else is refused (or waits).
//
// Both steps are atomic. The lock is a symbolic link whose target is the pid:
// made in one step, so no one reads a half-written lock as a dead one, and with
// no contents to write, so it is still taken on a full disk. A lock whose holder
// died is removed only by the one process holding the takeover guard, after it
// reads that same dead holder again: two starters that both saw it dead cannot
// remove each other's new lock.
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

/** Creates `file` naming our pid, or returns false when it exists. */
function createHolding(file: string): boolean {
  try {
    fs.symlinkSync(String(process.pid), file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return false;
  }
}

function holderOf(file: string): number | null {
  let text: string;
  try {
    text = fs.readlinkSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EINVAL") return null; // gone
    // A plain file: the lock of an earlier release.
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      return null;
    }
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : 0; // 0: a lock that names no one (never ours)
}

/** Removes `lockFile` if `dead` still holds it, as the only process doing so. */
function removeDeadHolder(lockFile: string, dead: number) {
  const guard = `${lockFile}.takeover`;
  if (!createHolding(guard)) {
    try {
      if (Date.now() - fs.lstatSync(guard).mtimeMs > GUARD_STALE_MS) fs.rmSync(guard, { force: true });
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
