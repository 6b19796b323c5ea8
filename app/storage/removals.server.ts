// Removing stored objects that nothing points at any more, so that neither a
// crash nor a storage outage strands them. The keys are recorded
// (storage_removals) in the same transaction as the rows that stop pointing at
// them; then the storage is asked to remove them, and a key's row goes only once
// it confirms. Whatever failed or was cut short is retried by the periodic job
// (app/server/jobs.server.ts) until the storage answers.
import { asc, inArray, lte, sql } from "drizzle-orm";
import { afterCommit, db, inTransaction } from "@db/client.server";
import { storageRemovals } from "@db/schema";
import { requestLog } from "~/base/logger.server";
import { pausePoint } from "~/services/uploads/pause-points.server";
import { storage } from "./storage.server";

const BATCH = 500;
const pending = new Set<Promise<unknown>>();

/**
 * Records keys to remove, inside the caller's transaction when there is one; the job removes them
 * from `notBefore` on (now, unless given: a key someone may still write to until then).
 */
export async function recordRemovals(keys: string[], notBefore?: Date): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await db()
    .insert(storageRemovals)
    .values(unique.map((key) => ({ key, ...(notBefore ? { nextAttemptAt: notBefore } : {}) })))
    .onConflictDoNothing();
}

/**
 * Asks the storage to remove recorded keys; their rows go once it has. Never
 * throws: a failure is noted on the rows (attempts, next try, error) and logged,
 * and the job tries again. Resolves to whether the objects are gone.
 */
export async function removeRecorded(keys: string[]): Promise<boolean> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return true;
  await pausePoint("storage-removal");
  try {
    await storage().remove(unique);
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    requestLog().error({ err: error }, `Could not remove ${unique.length} stored file(s); will try again`);
    await db()
      .update(storageRemovals)
      .set({
        attempts: sql`${storageRemovals.attempts} + 1`,
        lastError: message.slice(0, 500),
        // The next try waits longer each time: a minute, doubling, at most an hour.
        nextAttemptAt: sql`now() + least(interval '1 hour', interval '1 minute' * power(2, ${storageRemovals.attempts}))`,
      })
      .where(inArray(storageRemovals.key, unique))
      .catch((noteError: unknown) => requestLog().error({ err: noteError }, "Could not note the failed removal"));
    return false;
  }
  await db()
    .delete(storageRemovals)
    .where(inArray(storageRemovals.key, unique))
    .catch((forgetError: unknown) =>
      requestLog().error({ err: forgetError }, "Could not clear removed files from the queue"),
    );
  return true;
}

/**
 * Removes stored objects nothing points at any more: recorded now (in the
 * caller's transaction, if any) and removed once that commits, or at once
 * outside a transaction. A rolled-back transaction records and removes nothing.
 */
export async function removeStoredObjects(keys: string[]): Promise<void> {
  await recordRemovals(keys);
  if (!inTransaction()) {
    await removeRecorded(keys);
    return;
  }
  afterCommit(() => {
    const work = removeRecorded(keys).finally(() => pending.delete(work));
    pending.add(work);
  });
}

/** The periodic job's turn: removes every recorded key whose next try is due. */
export async function retryStoredObjectRemovals(now = new Date()): Promise<{ removed: number; failed: number }> {
  let removed = 0;
  let failed = 0;
  for (;;) {
    const due = await db()
      .select({ key: storageRemovals.key })
      .from(storageRemovals)
      .where(lte(storageRemovals.nextAttemptAt, now))
      .orderBy(asc(storageRemovals.nextAttemptAt))
      .limit(BATCH);
    if (due.length === 0) break;
    const keys = due.map((row) => row.key);
    if (await removeRecorded(keys)) removed += keys.length;
    else {
      failed += keys.length;
      break;
    }
    if (due.length < BATCH) break;
  }
  return { removed, failed };
}

/** Waits for the removals started after a commit (before the database closes). */
export async function removalsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
