// The rules of the clean-up after a crash, case by case, in this process (the
// kill -9 runs are in crash-recovery.test.ts): what counts as cut short, what is
// finished and what is undone, and how a removal the storage refuses is retried.
import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, db, openDatabase, transaction } from "@db/client.server";
import { assets, storageRemovals, users } from "@db/schema";
import {
  derivedKeysOf,
  INTERRUPTED_AFTER_MS,
  recoverInterruptedUploads,
  type AssetRow,
} from "~/services/uploads/assets.server";
import { newOriginalKey } from "~/storage/keys.server";
import { removeStoredObjects, retryStoredObjectRemovals } from "~/storage/removals.server";
import { makeMember } from "../support/members";
import { useTestStorage } from "../support/storage";
import { createTestDatabase, dropTestDatabase, testDatabaseUrl } from "../support/test-database";

let databaseUrl: string;
beforeAll(async () => {
  // Its own database: the clean-up looks at every upload, not only this file's.
  databaseUrl = await createTestDatabase("club_recovery_rules");
  await closeDatabase();
  await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR! });
});

afterAll(async () => {
  await closeDatabase();
  await dropTestDatabase(databaseUrl);
  await openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: process.env.DATA_DIR! });
});

const store = useTestStorage("local");
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const JPEG = Buffer.from("not decoded here");

async function upload(memberId: number, fields: Partial<AssetRow>, stored: string[] = []): Promise<AssetRow> {
  const [asset] = await db()
    .insert(assets)
    .values({ key: newOriginalKey(), filename: "x.jpg", byteSize: JPEG.length, createdById: memberId, ...fields })
    .returning();
  const keys = stored.map((which) => (which === "original" ? asset!.key : derivedKeysOf(asset!.key)[Number(which)]!));
  for (const key of keys) await store.storage.put(key, JPEG);
  return asset!;
}

const row = async (id: number) => (await db().select().from(assets).where(eq(assets.id, id)))[0];

describe("after a crash", () => {
  it("finishes a PUT whose file is in place, releases one whose file is not, and leaves fresh ones alone", async () => {
    const member = await makeMember();
    const old = minutesAgo(INTERRUPTED_AFTER_MS / 60_000 + 5);
    const arrived = await upload(member.id, { uploadingAt: old }, ["original"]);
    const cutOff = await upload(member.id, { uploadingAt: old });
    const inFlight = await upload(member.id, { uploadingAt: minutesAgo(1) });

    const recovery = await recoverInterruptedUploads();
    expect(recovery).toMatchObject({ putsFinished: 1, putsReleased: 1 });
    expect((await row(arrived.id))!.uploadedAt).not.toBeNull();
    expect((await row(cutOff.id))!.uploadingAt).toBeNull();
    expect((await row(inFlight.id))!.uploadingAt).not.toBeNull();
    expect((await row(inFlight.id))!.uploadedAt).toBeNull();
  });

  it("removes an old claimed upload that is neither a photo nor a picture, with every size", async () => {
    const member = await makeMember();
    const old = minutesAgo(INTERRUPTED_AFTER_MS / 60_000 + 5);
    const lost = await upload(member.id, { uploadedAt: old, attachedAt: old }, ["original", "0", "2"]);
    const picture = await upload(member.id, { uploadedAt: old, attachedAt: old }, ["original", "1"]);
    await db().update(users).set({ pictureAssetId: picture.id }).where(eq(users.id, member.id));
    const processing = await upload(member.id, { uploadedAt: minutesAgo(1), attachedAt: minutesAgo(1) }, ["original"]);

    expect(await recoverInterruptedUploads()).toMatchObject({ claimsRemoved: 1 });
    expect(await row(lost.id)).toBeUndefined();
    expect(await row(picture.id)).toBeDefined();
    expect(await row(processing.id)).toBeDefined();
    const keys = await store.keys();
    expect(keys.filter((key) => key.includes(lost.key.split("/").pop()!))).toEqual([]);
    expect(keys).toContain(picture.key);
    expect(keys).toContain(derivedKeysOf(picture.key)[1]);
    expect(keys).toContain(processing.key);
    expect(await db().select().from(storageRemovals)).toEqual([]);
  });

  it("removes half-written files only once nobody can still be writing them", async () => {
    const incoming = path.join(store.storage.root, "incoming");
    await fs.mkdir(incoming, { recursive: true });
    const stale = path.join(incoming, "stale.partial");
    const fresh = path.join(incoming, "fresh.partial");
    const beside = path.join(store.storage.root, "derived", "ab", "beside.abc.partial");
    await fs.mkdir(path.dirname(beside), { recursive: true });
    for (const file of [stale, fresh, beside]) await fs.writeFile(file, "half");
    const longAgo = minutesAgo(INTERRUPTED_AFTER_MS / 60_000 + 5);
    await fs.utimes(stale, longAgo, longAgo);
    await fs.utimes(beside, longAgo, longAgo);

    expect((await recoverInterruptedUploads()).leftovers).toBe(2);
    await expect(fs.access(stale)).rejects.toThrow();
    await expect(fs.access(beside)).rejects.toThrow();
    await fs.access(fresh);
    await fs.rm(fresh);
  });
});

describe("removing stored files", () => {
  it("keeps a removal the storage refused, tries again later and later, and forgets it once done", async () => {
    const keys = [newOriginalKey(), newOriginalKey()];
    for (const key of keys) await store.storage.put(key, JPEG);
    const root = store.storage.root;
    await fs.rename(root, `${root}-away`);
    try {
      await removeStoredObjects(keys);
      const recorded = await db().select().from(storageRemovals).where(inArray(storageRemovals.key, keys));
      expect(recorded.map((r) => r.attempts)).toEqual([1, 1]);
      expect(recorded[0]!.lastError).toBeTruthy();
      // Not due yet: the first retry waits a minute.
      expect(await retryStoredObjectRemovals()).toEqual({ removed: 0, failed: 0 });
      expect(await retryStoredObjectRemovals(new Date(Date.now() + 2 * 60_000))).toEqual({ removed: 0, failed: 2 });
      const again = await db().select().from(storageRemovals).where(inArray(storageRemovals.key, keys));
      expect(again.map((r) => r.attempts)).toEqual([2, 2]);
      expect(again[0]!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(90_000);
    } finally {
      await fs.rename(`${root}-away`, root);
    }
    expect(await retryStoredObjectRemovals(new Date(Date.now() + 10 * 60_000))).toEqual({ removed: 2, failed: 0 });
    expect(await db().select().from(storageRemovals)).toEqual([]);
    expect((await store.keys()).filter((key) => keys.includes(key))).toEqual([]);
  });

  it("records and removes nothing when the transaction rolls back", async () => {
    const key = newOriginalKey();
    await store.storage.put(key, JPEG);
    await expect(
      transaction(async () => {
        await removeStoredObjects([key]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await db().select().from(storageRemovals)).toEqual([]);
    expect(await store.keys()).toContain(key);
  });
});
