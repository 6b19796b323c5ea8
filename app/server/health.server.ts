// GET /healthz: whether the database answers and storage is writable. The answer
// is public, so it names the part that is down and nothing more: the reason
// (a host name, a path, a driver's message) goes to the server's log, once when
// the part goes down and once when it is back, not on every monitor's poll.
// Each part has HEALTH_PART_TIMEOUT_MS to answer, so the check answers within
// two seconds even when a part hangs (a frozen database, a storage server that
// accepts connections and says nothing).
import { databaseHandle } from "@db/client.server";
import { requestLog } from "~/server/logger.server";
import { storage } from "~/storage/storage.server";

export const HEALTH_PART_TIMEOUT_MS = 1500;

export type Check = { ok: boolean; kind: string };
export type Health = { ok: boolean; database: Check; storage: Check };

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

export async function health(): Promise<Health> {
  const handle = databaseHandle();
  const store = storage();
  const [database, objects] = await Promise.all([
    check("database", handle.kind, () => handle.ping()),
    check("storage", store.kind, () => store.check()),
  ]);
  return { ok: database.ok && objects.ok, database, storage: objects };
}
