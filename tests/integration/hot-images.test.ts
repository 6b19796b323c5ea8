// The thumbnails kept in memory by the media path: bounded by bytes (least
// recently used out first), large files never kept, one storage read for
// viewers asking at once, on the real local-disk driver (its reads counted).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HotImages } from "~/server/media/hot-images.server";
import { derivedKey, newOriginalKey } from "~/storage/keys.server";
import type { LocalStorage } from "~/storage/local-storage.server";
import { temporaryLocalStorage } from "../support/storage";

let storage: LocalStorage;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ storage, cleanup } = await temporaryLocalStorage());
});
afterAll(() => cleanup());

/** The storage with its reads counted (each read opens the file). */
function counted() {
  const seen = { reads: 0 };
  const counting = Object.assign(Object.create(storage) as LocalStorage, {
    read: (key: string) => {
      seen.reads++;
      return storage.read(key);
    },
  });
  return { storage: counting, seen };
}

async function stored(bytes: number): Promise<string> {
  const key = derivedKey(newOriginalKey(), "thumb", "webp");
  await storage.put(key, Buffer.alloc(bytes, 7));
  return key;
}

describe("HotImages", () => {
  it("keeps a small file after its first read and answers later reads from memory", async () => {
    const hot = new HotImages(1000, 500);
    const key = await stored(300);
    const first = await hot.read(storage, key);
    expect(first?.bytes?.length).toBe(300);
    expect(hot.size).toBe(300);
    await storage.remove([key]);
    // Its bytes never change under this key, so the kept copy stands.
    const again = await hot.read(storage, key);
    expect(again?.bytes).toBe(first?.bytes);
    expect(again?.etag).toBe(first?.etag);
  });

  it("lets the least recently used go once over its byte bound", async () => {
    const hot = new HotImages(1000, 500);
    const [a, b, c] = [await stored(400), await stored(400), await stored(400)];
    await hot.read(storage, a);
    await hot.read(storage, b);
    await hot.read(storage, a); // a is now the most recently used
    await hot.read(storage, c);
    expect(hot.size).toBe(800);
    await storage.remove([a, b, c]);
    expect((await hot.read(storage, a))?.bytes?.length).toBe(400);
    expect((await hot.read(storage, c))?.bytes?.length).toBe(400);
    expect(await hot.read(storage, b)).toBeNull();
  });

  it("counts every kept byte against its bound, and keeps nothing larger than the bound", async () => {
    const hot = new HotImages(1000, 1000);
    const keys = [await stored(300), await stored(300), await stored(300), await stored(300)];
    for (const key of keys) await hot.read(storage, key);
    expect(hot.size).toBe(900);
    const whole = await stored(1001);
    await hot.read(storage, whole);
    expect(hot.size).toBeLessThanOrEqual(1000);
  });

  it("streams a large file to each reader, keeping only that it is large (one read each after the first)", async () => {
    const hot = new HotImages(10_000, 500);
    const { storage: counting, seen } = counted();
    const key = await stored(2000);
    const [one, two] = await Promise.all([hot.read(counting, key), hot.read(counting, key)]);
    const three = await hot.read(counting, key);
    for (const image of [one, two, three]) {
      expect(image?.bytes).toBeUndefined();
      const chunks: Buffer[] = [];
      for await (const chunk of image!.stream!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).length).toBe(2000);
    }
    // The first look (shared by the two at once), then one stream per reader.
    expect(seen.reads).toBe(4);
    expect(hot.size).toBeLessThan(2000);
  });

  it("reads once for viewers asking at once, and answers null for a missing file", async () => {
    const hot = new HotImages(10_000, 500);
    const { storage: counting, seen } = counted();
    const key = await stored(100);
    const answers = await Promise.all(Array.from({ length: 5 }, () => hot.read(counting, key)));
    expect(new Set(answers.map((answer) => answer?.bytes)).size).toBe(1);
    expect(seen.reads).toBe(1);
    expect(await hot.read(counting, derivedKey(newOriginalKey(), "thumb", "webp"))).toBeNull();
    expect(hot.size).toBe(100);
  });

  it("lets a failed read reach every reader asking at once, and keeps nothing of it", async () => {
    const hot = new HotImages(10_000, 500);
    const key = await stored(100);
    const failing = Object.assign(Object.create(storage) as LocalStorage, {
      read: () => Promise.reject(Object.assign(new Error("disk gone"), { code: "EIO" })),
    });
    const answers = await Promise.allSettled([hot.read(failing, key), hot.read(failing, key)]);
    expect(answers.map((answer) => answer.status)).toEqual(["rejected", "rejected"]);
    expect(hot.size).toBe(0);
    expect((await hot.read(storage, key))?.bytes?.length).toBe(100);
  });
});
