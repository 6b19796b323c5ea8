// A storage that stops answering in the middle of a file (a frozen MinIO, a hung
// disk) ends the stream with the storage error within STORAGE_TIMEOUT_MS, so an
// image being served lets its connection go. A slow reader,
// on the other hand, is never taken for a stalled storage.
import crypto from "node:crypto";
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_NOT_ANSWERING } from "~/storage/deadline.server";
import { newOriginalKey } from "~/storage/keys.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { S3Storage } from "~/storage/s3-storage.server";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { S3RVER_KEY, startS3rver, type TestS3 } from "../support/storage";

const TIMEOUT_MS = 1000;
/** A stalled stream ends after the timeout, plus the time a busy machine takes. */
const ENDED_WITHIN_MS = TIMEOUT_MS + 4000;

type Outcome = { bytes: number; error: (Error & { code?: string }) | null; ms: number };

/** Reads `stream` to its end or its error; `onFirstChunk` runs when the first bytes arrive. */
function readAll(stream: Readable, onFirstChunk: () => void = () => {}): Promise<Outcome> {
  const started = performance.now();
  let bytes = 0;
  return new Promise((resolve) => {
    stream.on("data", (chunk: Buffer) => {
      if (bytes === 0) onFirstChunk();
      bytes += chunk.length;
    });
    stream.once("end", () => resolve({ bytes, error: null, ms: performance.now() - started }));
    stream.once("error", (error) => resolve({ bytes, error, ms: performance.now() - started }));
  });
}

describe("S3 storage stalling mid-file", () => {
  let s3: TestS3;
  let proxy: FaultProxy;
  let storage: S3Storage;
  /** The same store without the proxy, which holds a slow reader's bytes only until s3rver closes the idle connection. */
  let direct: S3Storage;
  const key = newOriginalKey();
  const bytes = crypto.randomBytes(16 * 1024 * 1024);

  beforeAll(async () => {
    s3 = await startS3rver();
    const target = new URL(s3.endpoint);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port) });
    const store = (endpoint: string) =>
      new S3Storage({
        endpoint,
        publicUrl: endpoint,
        accessKey: S3RVER_KEY,
        secretKey: S3RVER_KEY,
        bucket: "club-stalls",
        region: "us-east-1",
        timeoutMs: TIMEOUT_MS,
      });
    storage = store(proxy.through(s3.endpoint).replace(/\/$/, ""));
    direct = store(s3.endpoint);
    await storage.prepare();
    await storage.put(key, bytes, { contentType: "image/jpeg" });
  });

  afterAll(async () => {
    await proxy.close();
    await s3.stop();
  });

  it("ends the stream with the storage error when the store freezes after the first bytes", async () => {
    const object = await storage.read(key);
    const outcome = await readAll(object!.stream, () => proxy.freeze());
    expect(outcome.error?.code).toBe(STORAGE_NOT_ANSWERING);
    expect(outcome.bytes).toBeLessThan(bytes.length);
    expect(outcome.ms).toBeLessThan(ENDED_WITHIN_MS);
    expect(object!.stream.destroyed).toBe(true);
  });

  it("never cuts off a slow reader", async () => {
    const object = await direct.read(key);
    // The reader takes longer than the timeout before asking for the bytes: not the storage's fault.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 7));
    const outcome = await readAll(object!.stream);
    expect(outcome.error).toBeNull();
    expect(outcome.bytes).toBe(bytes.length);
  });

  it("refuses an operation on a frozen store within the timeout, and answers again once the store does", async () => {
    await proxy.resume();
    expect((await storage.stat(key))?.size).toBe(bytes.length);
    proxy.freeze();
    const started = performance.now();
    await expect(storage.stat(key)).rejects.toMatchObject({ code: STORAGE_NOT_ANSWERING });
    expect(performance.now() - started).toBeLessThan(ENDED_WITHIN_MS);
    await proxy.resume();
    expect((await storage.stat(key))?.size).toBe(bytes.length);
  });
});

describe("a local disk stalling mid-file", () => {
  let root: string;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), "club-stalls-"));
  });

  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it("ends the stream with the storage error when the file stops giving bytes", async () => {
    const storage = new LocalStorage(root, TIMEOUT_MS);
    const key = newOriginalKey();
    const file = storage.pathFor(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // A named pipe whose writer sends some bytes and then nothing: a read that blocks, as on a hung disk.
    await promisify(execFile)("mkfifo", [file]);
    const object = await storage.read(key);
    const writer = await fs.open(file, "w");
    try {
      await writer.write(Buffer.alloc(64 * 1024, 1));
      const outcome = await readAll(object!.stream);
      expect(outcome.error?.code).toBe(STORAGE_NOT_ANSWERING);
      expect(outcome.bytes).toBe(64 * 1024);
      expect(outcome.ms).toBeLessThan(ENDED_WITHIN_MS);
    } finally {
      await writer.close();
    }
  });
});
