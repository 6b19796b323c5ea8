// How much room is left where the site writes: DATA_DIR (the embedded database, mail
// files), the photo folder on the local disk, and the temporary folder (copies of
// originals kept on S3). /healthz reports the disk low below DISK_SPACE_MIN_MB, so an
// operator hears of it before a full disk refuses uploads (507) and stops PostgreSQL.
import fs from "node:fs/promises";
import path from "node:path";

export type FreeSpace = { folder: string; freeBytes: number };

/** `folder`, or its nearest parent that exists (a folder the site makes on first use). */
async function nearestExisting(folder: string): Promise<string> {
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    const found = await fs.access(at).then(
      () => true,
      () => false,
    );
    if (found || path.dirname(at) === at) return at;
  }
}

/** The folder of `folders` with the least room left for this user, and how much. */
export async function leastFreeSpace(folders: string[]): Promise<FreeSpace> {
  const measured = await Promise.all(
    [...new Set(folders)].map(async (folder) => {
      const at = await nearestExisting(folder);
      const stats = await fs.statfs(at);
      return { folder: at, freeBytes: stats.bavail * stats.bsize };
    }),
  );
  return measured.reduce((least, next) => (next.freeBytes < least.freeBytes ? next : least));
}

/** Throws, saying where and how much, when any of `folders` has less than `minMb` MB free; 0 checks nothing. */
export async function checkDiskSpace(folders: string[], minMb: number): Promise<void> {
  if (minMb === 0) return;
  const least = await leastFreeSpace(folders);
  if (least.freeBytes < minMb * 1024 * 1024) {
    const free = Math.floor(least.freeBytes / (1024 * 1024));
    throw new Error(`only ${free} MB free on ${least.folder} (DISK_SPACE_MIN_MB is ${minMb}): free some space`);
  }
}
