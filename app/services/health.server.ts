// GET /healthz: whether the database answers and storage is writable.
import fs from "node:fs/promises";
import path from "node:path";
import { databaseHandle } from "@db/client.server";
import { env } from "~/env.server";

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
  // Object storage (MinIO) arrives with the photos issue; until then, the local disk.
  const storageDir = path.join(env().DATA_DIR, "storage");
  const [database, storage] = await Promise.all([
    check(handle.kind, () => handle.ping()),
    check("local", async () => {
      await fs.mkdir(storageDir, { recursive: true });
      await fs.access(storageDir, fs.constants.W_OK);
    }),
  ]);
  return { ok: database.ok && storage.ok, database, storage };
}
