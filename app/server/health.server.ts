// GET /healthz: whether the database answers and storage is writable. The answer
// is public, so it names the part that is down and nothing more: the reason
// (a host name, a path, a driver's message) goes to the server's log.
import { databaseHandle } from "@db/client.server";
import { storage } from "~/storage/storage.server";

export type Check = { ok: boolean; kind: string };
export type Health = { ok: boolean; database: Check; storage: Check };

async function check(part: string, kind: string, probe: () => Promise<unknown>): Promise<Check> {
  try {
    await probe();
    return { ok: true, kind };
  } catch (error) {
    console.error(`Health check: ${part} (${kind}) is down:`, error);
    return { ok: false, kind };
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
