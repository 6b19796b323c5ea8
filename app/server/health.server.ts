// GET /healthz: whether the database answers and storage is writable.
import { databaseHandle } from "@db/client.server";
import { storage } from "~/storage/storage.server";

type Check = { ok: boolean; kind: string; error?: string };

async function check(kind: string, probe: () => Promise<unknown>): Promise<Check> {
  try {
    await probe();
    return { ok: true, kind };
  } catch (error) {
    return { ok: false, kind, error: (error as Error).message };
  }
}

export async function health() {
  const handle = databaseHandle();
  const store = storage();
  const [database, objects] = await Promise.all([
    check(handle.kind, () => handle.ping()),
    check(store.kind, () => store.check()),
  ]);
  return { ok: database.ok && objects.ok, database, storage: objects };
}
