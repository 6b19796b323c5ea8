// A club server process killed with -9 at each step of a multi-step write, on
// both storage drivers, and a storage that is down while a photo is deleted:
// the next start (the clean-up jobs' first turns) leaves nothing behind and
// loses nothing that was kept. Each process is a real one (club-worker.ts:
// the server's start, the real route and service), killed at a pause point
// (pause-points.server.ts, inert outside NODE_ENV=test) or from outside.
//
// Work cut short is taken for lost only once it is older than anything in
// flight can be (INTERRUPTED_AFTER_MS), since another process may still be at
// it during a rolling restart: the test checks that fresh leftovers are kept,
// then moves the clock of the leftovers back by an hour before the restart.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import S3rver from "@20minutes/s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, db, openDatabase } from "@db/client.server";
import { assets, photos, storageRemovals } from "@db/schema";
import type { DirectUploadResponse } from "~/lib/upload-schemas";
import { action as photosApi } from "~/routes/api/photos";
import { derivedKeysOf, recoverInterruptedUploads } from "~/services/uploads/assets.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { S3Storage } from "~/storage/s3-storage.server";
import { useStorage, type ObjectStorage } from "~/storage/storage.server";
import { startWorker, WORKER_START_TIMEOUT } from "../support/club-workers";
import { cookieFor, makeMember, request } from "../support/members";
import { call } from "../support/routes";
import { S3RVER_KEY, storedKeys, type TestS3 } from "../support/storage";
import { createTestDatabase, dropTestDatabase, testDatabaseUrl } from "../support/test-database";
import { announce, putBytes, uploadFile } from "../support/uploads";
import { CAMERA_FIXTURES } from "../fixtures/camera-files";

const FIXTURES = CAMERA_FIXTURES;
const BUCKET = "club-crash";
const HOUR_AGO = new Date(Date.now() - 60 * 60 * 1000);

let databaseUrl: string;
beforeAll(async () => {
  // Its own database: the workers run the club's jobs, which must not touch other files' rows.
  databaseUrl = await createTestDatabase("club_crash");
  await closeDatabase();
  await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR! });
}, WORKER_START_TIMEOUT);

afterAll(async () => {
  useStorage(undefined);
  await closeDatabase();
  await dropTestDatabase(databaseUrl);
  await openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: process.env.DATA_DIR! });
});

/** A storage both this process and the workers use, which the test can take away and give back. */
type Driver = {
  storage: ObjectStorage;
  env: Record<string, string>;
  keys(): Promise<string[]>;
  takeAway(): Promise<void>;
  giveBack(): Promise<void>;
  cleanup(): Promise<void>;
};

async function localDriver(dataDir: string): Promise<Driver> {
  const root = path.join(dataDir, "storage");
  const storage = new LocalStorage(root);
  await storage.prepare();
  return {
    storage,
    env: {},
    keys: () => storedKeys(storage),
    // An unmounted disk: the folder is not there.
    takeAway: () => fs.rename(root, `${root}-away`),
    giveBack: () => fs.rename(`${root}-away`, root),
    cleanup: async () => {},
  };
}

async function s3Driver(): Promise<Driver> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "club-crash-s3-"));
  const open = async (port = 0) => {
    const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory });
    const address = (await server.run()) as { port: number };
    return { server, port: address.port };
  };
  let running = await open();
  const port = running.port;
  const endpoint = `http://127.0.0.1:${port}`;
  const storage = new S3Storage({
    endpoint,
    publicUrl: endpoint,
    accessKey: S3RVER_KEY,
    secretKey: S3RVER_KEY,
    bucket: BUCKET,
    region: "us-east-1",
  });
  await storage.prepare();
  return {
    storage,
    env: { S3_ENDPOINT: endpoint, S3_ACCESS_KEY: S3RVER_KEY, S3_SECRET_KEY: S3RVER_KEY, S3_BUCKET: BUCKET },
    keys: () => storedKeys(storage, { directory } as TestS3),
    takeAway: () => running.server.close(),
    giveBack: async () => {
      running = await open(port);
    },
    cleanup: async () => {
      await running.server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** The temporary copies of originals in `dir` (tsx keeps its own cache there too). */
async function temporaryCopies(dir: string): Promise<string[]> {
  return (await fs.readdir(dir))
    .filter((name) => name.startsWith("club-original-"))
    .map((name) => path.join(dir, name));
}

/** Every file under `dir` whose name ends in .partial. */
async function partialFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith(".partial")).map((e) => path.join(e.parentPath, e.name));
}

async function createPhoto(cookie: string, bytes: Buffer): Promise<{ id: number; keys: string[] }> {
  const signedId = await uploadFile(cookie, bytes, "Canon_40D.jpg");
  const response = await call(
    photosApi,
    request("/api/photos", { method: "POST", cookie, json: { filename: "Canon_40D.jpg", file: signedId } }),
  );
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: number };
  const [row] = await db()
    .select({ thumbKey: photos.thumbKey, largeKey: photos.largeKey, key: assets.key })
    .from(photos)
    .innerJoin(assets, eq(assets.id, photos.originalAssetId))
    .where(eq(photos.id, id));
  return { id, keys: [row!.key, row!.thumbKey!, row!.largeKey!].sort() };
}

describe.each(["local", "s3"] as const)("killed with -9 on %s storage", (driverName) => {
  let dataDir: string;
  let tmpDir: string;
  let driver: Driver;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `club-crash-${driverName}-`));
    // The workers' temporary folder (S3 copies of originals land there), watched by the test.
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), `club-crash-tmp-`));
    driver = driverName === "local" ? await localDriver(dataDir) : await s3Driver();
    useStorage(driver.storage);
  });

  afterAll(async () => {
    useStorage(undefined);
    await driver.cleanup();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(tmpDir, { recursive: true, force: true });
  });

  const workerEnv = () => ({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, TMPDIR: tmpDir, ...driver.env });

  it("at every step, and the next start leaves nothing behind", { timeout: 600_000 }, async () => {
    const owner = await makeMember({ firstName: "Garry" });
    const cookie = await cookieFor(owner.id);
    const camera = await fs.readFile(path.join(FIXTURES, "Canon_40D.jpg"));
    const larger = await fs.readFile(path.join(FIXTURES, "gps-DSCN0010.jpg"));

    // A photo nothing happens to: it must keep every file.
    const kept = await createPhoto(cookie, camera);
    const deletedLate = await createPhoto(cookie, camera);
    const deletedInOutage = await createPhoto(cookie, camera);
    expect(await driver.keys()).toHaveLength(9);

    // 1. Killed while a photo is processed: its upload is claimed, its sizes stored, no photo yet.
    const signedId = await uploadFile(cookie, camera, "Canon_40D.jpg");
    const processing = await startWorker("photo", { cookie, signedId }, workerEnv(), {
      pauseAt: "image-sizes-stored",
    });
    await processing.paused();
    await processing.kill9();
    const [claimed] = await db()
      .select()
      .from(assets)
      .where(and(eq(assets.createdById, owner.id), isNotNull(assets.attachedAt)))
      .orderBy(sql`${assets.id} desc`)
      .limit(1);
    expect(await db().select().from(photos).where(eq(photos.originalAssetId, claimed!.id))).toEqual([]);
    const stored = await driver.keys();
    expect(stored).toContain(claimed!.key);
    expect(stored.filter((key) => derivedKeysOf(claimed!.key).includes(key))).toHaveLength(2);
    // On S3 the original was copied to a temporary folder for sharp and exiftool.
    expect(await temporaryCopies(tmpDir)).toHaveLength(driverName === "s3" ? 1 : 0);

    // 2. Killed in the middle of a PUT to the app's own endpoint (S3 takes PUTs itself, whole or not at all).
    let putAsset: number | undefined;
    let putTarget: DirectUploadResponse["direct_upload"] | undefined;
    if (driverName === "local") {
      const announced = await announce(cookie, {
        filename: "DSCN0010.jpg",
        content_type: "image/jpeg",
        byte_size: larger.length,
      });
      const body = (await announced.json()) as DirectUploadResponse;
      putAsset = body.id;
      putTarget = body.direct_upload;
      const token = decodeURIComponent(new URL(body.direct_upload.url).pathname.slice("/uploads/".length));
      const sending = await startWorker("put", { token }, workerEnv());
      sending.stdin.write(larger.subarray(0, 64 * 1024));
      await expect
        .poll(async () => (await partialFiles(dataDir)).length, { timeout: WORKER_START_TIMEOUT, interval: 100 })
        .toBe(1);
      await sending.kill9();
      const [put] = await db().select().from(assets).where(eq(assets.id, putAsset));
      expect(put!.uploadingAt).not.toBeNull();
      expect(put!.uploadedAt).toBeNull();
    }

    // 3. Killed after a photo's deletion was written, before its files were removed.
    const deleting = await startWorker("delete", { cookie, photoId: deletedLate.id }, workerEnv(), {
      pauseAt: "storage-removal",
    });
    await deleting.paused();
    await deleting.kill9();
    expect(await db().select().from(photos).where(eq(photos.id, deletedLate.id))).toEqual([]);
    expect(
      (await db().select().from(storageRemovals).where(inArray(storageRemovals.key, deletedLate.keys))).length,
    ).toBe(3);

    // 4. The storage is down while a photo is deleted: the member gets 204, the files are recorded.
    const outage = await startWorker("delete", { cookie, photoId: deletedInOutage.id }, workerEnv(), {
      pauseAt: "storage-removal",
    });
    await outage.paused();
    await driver.takeAway();
    await outage.release();
    await outage.waitFor(/answered 204/);
    await outage.kill9();
    const failed = await db().select().from(storageRemovals).where(inArray(storageRemovals.key, deletedInOutage.keys));
    expect(failed).toHaveLength(3);
    expect(failed.every((row) => row.attempts === 1 && row.lastError)).toBe(true);
    await driver.giveBack();
    expect(await driver.keys()).toEqual(expect.arrayContaining([...deletedLate.keys, ...deletedInOutage.keys]));

    // Fresh leftovers may belong to a process still at work: a clean-up now keeps them.
    const sharedTmp = process.env.TMPDIR;
    process.env.TMPDIR = tmpDir; // where this driver's temporary copies are looked for
    try {
      expect(await recoverInterruptedUploads()).toEqual({
        putsFinished: 0,
        putsReleased: 0,
        claimsRemoved: 0,
        leftovers: 0,
      });
    } finally {
      if (sharedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = sharedTmp;
    }
    expect(await driver.keys()).toContain(claimed!.key);

    // An hour later (the leftovers' clocks moved back; the failed removal's next try is due)...
    await db().update(assets).set({ attachedAt: HOUR_AGO }).where(eq(assets.id, claimed!.id));
    if (putAsset) await db().update(assets).set({ uploadingAt: HOUR_AGO }).where(eq(assets.id, putAsset));
    await db().update(storageRemovals).set({ nextAttemptAt: HOUR_AGO });
    for (const file of [...(await partialFiles(dataDir)), ...(await temporaryCopies(tmpDir))]) {
      await fs.utimes(file, HOUR_AGO, HOUR_AGO);
    }

    // ...the server starts again: its jobs' first turns leave nothing behind.
    const restarted = await startWorker("serve", {}, workerEnv());
    await restarted.waitFor(/started/);
    await expect
      .poll(
        async () => ({
          stored: await driver.keys(),
          removalsLeft: (await db().select().from(storageRemovals)).length,
          claimedRow: (await db().select().from(assets).where(eq(assets.id, claimed!.id))).length,
          partials: await partialFiles(dataDir),
          temporaryCopies: await temporaryCopies(tmpDir),
        }),
        { timeout: 60_000, interval: 250 },
      )
      .toEqual({ stored: kept.keys, removalsLeft: 0, claimedRow: 0, partials: [], temporaryCopies: [] });
    expect(await restarted.stop()).toBe(0);

    // Nothing kept was lost: the untouched photo is whole, and the cut-off PUT may be sent again.
    expect(await db().select({ id: photos.id }).from(photos).where(eq(photos.userId, owner.id))).toEqual([
      { id: kept.id },
    ]);
    if (putAsset && putTarget) {
      const [released] = await db().select().from(assets).where(eq(assets.id, putAsset));
      expect(released!.uploadingAt).toBeNull();
      expect((await putBytes(putTarget, larger)).status).toBe(200);
    }
  });
});

describe("killed with -9 on the embedded database", () => {
  let dataDir: string;
  let storage: LocalStorage;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "club-crash-embedded-"));
    storage = new LocalStorage(path.join(dataDir, "storage"));
    await storage.prepare();
    useStorage(storage);
  });

  afterAll(async () => {
    useStorage(undefined);
    await closeDatabase();
    await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR! });
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Runs `work` on the embedded database (one process at a time holds it, so only while no worker runs). */
  async function onEmbedded<T>(work: () => Promise<T>): Promise<T> {
    await closeDatabase();
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    try {
      return await work();
    } finally {
      await closeDatabase();
    }
  }

  it(
    "undoes what a killed process left at the very next start: no other process can be at work",
    {
      timeout: 600_000,
    },
    async () => {
      const camera = await fs.readFile(path.join(FIXTURES, "Canon_40D.jpg"));
      const { cookie, signedId } = await onEmbedded(async () => {
        const owner = await makeMember({ firstName: "Saul" });
        const cookie = await cookieFor(owner.id);
        return { cookie, signedId: await uploadFile(cookie, camera, "Canon_40D.jpg") };
      });
      const env = { DATABASE_URL: "", DATA_DIR: dataDir };

      const processing = await startWorker("photo", { cookie, signedId }, env, { pauseAt: "image-sizes-stored" });
      await processing.paused();
      await processing.kill9();
      expect(await storedKeys(storage)).toHaveLength(3);

      // No clock moved: the next start alone owns the embedded database, so nothing is in flight.
      const restarted = await startWorker("serve", {}, env);
      await restarted.waitFor(/started/);
      await expect.poll(() => storedKeys(storage), { timeout: 60_000, interval: 250 }).toEqual([]);
      expect(await restarted.stop()).toBe(0);
      const left = await onEmbedded(async () => ({
        uploads: (await db().select().from(assets)).length,
        photos: (await db().select().from(photos)).length,
        removals: (await db().select().from(storageRemovals)).length,
      }));
      expect(left).toEqual({ uploads: 0, photos: 0, removals: 0 });
    },
  );
});
