// GET /healthz: whether the database answers, storage is writable, the disk has
// DISK_SPACE_MIN_MB free, and Redis (when REDIS_URL is set) answers. The answer
// is public, so it names the part that is down and nothing more: the reason
// (a host name, a path, a driver's message) goes to the server's log, once when
// the part goes down and once when it is back, not on every monitor's poll.
// Each part has HEALTH_PART_TIMEOUT_MS to answer, so the check answers within
// two seconds even when a part hangs (a frozen database, a storage server that
// accepts connections and says nothing).
import os from "node:os";
import { databaseHandle } from "@db/client.server";
import { env } from "~/env.server";
import { requestLog } from "~/base/logger.server";
import { throttleStore } from "~/services/auth/throttle-store.server";
import { checkDiskSpace } from "~/storage/disk-space.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { storage, type ObjectStorage } from "~/storage/storage.server";

export const HEALTH_PART_TIMEOUT_MS = 1500;

export type Check = { ok: boolean; kind: string };
/** `redis` only when REDIS_URL is set. */
export type Health = { ok: boolean; database: Check; storage: Check; disk: Check; redis?: Check };

/** The parts the last check found down: a poll logs only a change. */
const down = new Set<string>();

async function check(part: string, kind: string, probe: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${HEALTH_PART_TIMEOUT_MS} ms`)),
      HEALTH_PART_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([probe(), deadline]);
    if (down.delete(part)) requestLog().info({ part, kind }, `Health check: ${part} (${kind}) is back`);
    return { ok: true, kind };
  } catch (error) {
    if (!down.has(part)) {
      down.add(part);
      requestLog().error({ err: error, part, kind }, `Health check: ${part} (${kind}) is down`);
    }
    return { ok: false, kind };
  } finally {
    clearTimeout(timer);
  }
}

/** The folders the site writes to (disk-space.server.ts). */
function writtenFolders(store: ObjectStorage): string[] {
  return [env().DATA_DIR, os.tmpdir(), ...(store instanceof LocalStorage ? [store.root] : [])];
}

export async function health(): Promise<Health> {
  const handle = databaseHandle();
  const store = storage();
  const throttles = throttleStore();
  const [database, objects, disk, redis] = await Promise.all([
    check("database", handle.kind, () => handle.ping()),
    check("storage", store.kind, () => store.check()),
    check("disk", "space", () => checkDiskSpace(writtenFolders(store), env().DISK_SPACE_MIN_MB)),
    throttles.kind === "redis" ? check("redis", "redis", () => throttles.client.ping()) : undefined,
  ]);
  const ok = database.ok && objects.ok && disk.ok && (redis?.ok ?? true);
  return { ok, database, storage: objects, disk, ...(redis ? { redis } : {}) };
}
