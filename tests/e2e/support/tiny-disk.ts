// A real full disk without root: the server runs in a mount namespace of its own
// (unshare -Urm, an unprivileged user namespace) where DATA_DIR/storage (or the whole
// DATA_DIR) is a tmpfs of a few megabytes, so the photo store's writes fail with ENOSPC as on a full SD
// card. The test reaches that folder through /proc/<pid>/root, which shows the
// server's own mounts, to fill it and free it again.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Whether this machine lets an unprivileged user namespace mount a tmpfs. */
export function tinyDisksWork(): boolean {
  try {
    execFileSync("unshare", ["-Urm", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs /mnt"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** For startClubServer's `launch`: node with DATA_DIR/storage on a tmpfs of `megabytes`. */
export function onTinyDisk(megabytes: number) {
  return (dataDir: string, args: string[]): [string, string[]] => {
    fs.mkdirSync(path.join(dataDir, "storage"), { recursive: true });
    const mount = `mount -t tmpfs -o size=${megabytes}m tmpfs "$0/storage" && exec "$@"`;
    return ["unshare", ["-Urm", "sh", "-c", mount, dataDir, process.execPath, ...args]];
  };
}

/**
 * Whether a process may also take a user other than root inside such a namespace (a user namespace
 * within it, util-linux 2.38's --map-user): PostgreSQL refuses to run as root.
 */
export function tinyDataDirsWork(): boolean {
  try {
    const nested = "mount -t tmpfs -o size=1m tmpfs /mnt && exec unshare -U --map-user=1000 --map-group=1000 true";
    execFileSync("unshare", ["-Urm", "sh", "-c", nested], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * For startClubServer's `launch`: node with its whole DATA_DIR on a tmpfs of `megabytes`, the site's
 * own PostgreSQL included, as one SD card holds both. Inside, the server is user 1000, not root (the
 * namespace maps no other user PostgreSQL could be started as).
 */
export function onTinyDataDir(megabytes: number) {
  return (dataDir: string, args: string[]): [string, string[]] => {
    const asUser = "exec unshare -U --map-user=1000 --map-group=1000";
    const mount = `mount -t tmpfs -o size=${megabytes}m tmpfs "$0" && ${asUser} "$@"`;
    return ["unshare", ["-Urm", "sh", "-c", mount, dataDir, process.execPath, ...args]];
  };
}

/** A folder of the server's as the test reaches it (on its tmpfs, not the folder beneath). */
export const seenBy = (pid: number, folder: string) => `/proc/${pid}/root${folder}`;

/** The server's photo folder as the test reaches it (its tmpfs, not the folder beneath). */
export const storageOf = (pid: number, dataDir: string) => `/proc/${pid}/root${path.join(dataDir, "storage")}`;

/** Bytes free on the server's photo folder. */
export function freeBytes(storage: string): number {
  const stats = fs.statfsSync(storage);
  return stats.bavail * stats.bsize;
}

/** Fills the folder until `leave` bytes are free (a file named filler); returns its path. */
export function fillUntil(storage: string, leave: number): string {
  const filler = path.join(storage, "filler");
  const size = (fs.existsSync(filler) ? fs.statSync(filler).size : 0) + freeBytes(storage) - leave;
  fs.writeFileSync(filler, Buffer.alloc(Math.max(0, size)));
  return filler;
}

/** Every file under the folder but the filler, by path relative to it. */
export function filesIn(storage: string): string[] {
  return fs
    .readdirSync(storage, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== "filler")
    .map((entry) => path.relative(storage, path.join(entry.parentPath, entry.name)))
    .sort();
}
