// The embedded default: objects as files under $DATA_DIR/storage.
// A disk that hangs (an NFS mount whose server went away) is bounded like a
// frozen MinIO: every call answers, or fails with the storage error, within
// the timeout, and a file being read that stops giving bytes ends the stream.
// What cannot be bounded is the stuck system call itself: it keeps one of
// libuv's four threads until the disk answers (docs/operations.md "Outages").
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createWriteStream } from "node:fs";
import crypto from "node:crypto";
import { DEFAULT_STORAGE_TIMEOUT_MS, endWhenDiskStalls, endWhenStalled, withDeadline } from "./deadline.server";
import { isSafeKey } from "./keys.server";
import type { ObjectStorage, StoredObject, StoredObjectInfo } from "./storage.server";

const contentTypes: Record<string, string> = { ".jpg": "image/jpeg", ".webp": "image/webp" };

export class LocalStorage implements ObjectStorage {
  readonly kind = "local" as const;
  constructor(
    readonly root: string,
    /** How long the disk may take to answer one call, or stay silent mid-file. */
    private readonly timeoutMs = DEFAULT_STORAGE_TIMEOUT_MS,
  ) {}

  private bounded<T>(what: string, work: () => Promise<T>): Promise<T> {
    return withDeadline(what, this.timeoutMs, work());
  }

  /** The file for a key; refuses keys that are not ours, so no path can escape the root. */
  pathFor(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Refusing storage key ${JSON.stringify(key)}`);
    return path.join(this.root, key);
  }

  async prepare() {
    await this.bounded("mkdir", () => fs.mkdir(this.root, { recursive: true }));
  }

  async check() {
    await this.bounded("check", async () => {
      await fs.mkdir(this.root, { recursive: true });
      await fs.access(this.root, fs.constants.W_OK);
    });
  }

  async put(key: string, body: Buffer | Readable) {
    const file = this.pathFor(key);
    // Written beside, then renamed: a reader never sees half a file.
    const partial = `${file}.${crypto.randomBytes(6).toString("hex")}.partial`;
    try {
      await this.bounded(`mkdir for ${key}`, () => fs.mkdir(path.dirname(file), { recursive: true }));
      if (Buffer.isBuffer(body)) await this.bounded(`writing ${key}`, () => fs.writeFile(partial, body));
      // A stream (a restore's file) is bounded by the disk's pauses, not by its length.
      else await pipeline(body, endWhenDiskStalls(createWriteStream(partial), `writing ${key}`, this.timeoutMs));
      await this.bounded(`renaming ${key}`, () => fs.rename(partial, file));
    } catch (error) {
      // Waited for (bounded: a hung disk must not hold the answer), so no partial file outlives the answer.
      await this.bounded(`removing ${partial}`, () => fs.rm(partial, { force: true })).catch(() => {});
      throw error;
    }
  }

  /** Moves a finished file into place under a key (the app's own upload endpoint). */
  async adopt(key: string, file: string) {
    const target = this.pathFor(key);
    await this.bounded(`adopting ${key}`, async () => {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(file, target);
    });
  }

  /** How long this disk may take to answer (the app's upload endpoint bounds its own writes with it). */
  get timeout() {
    return this.timeoutMs;
  }

  /** A scratch file on the same disk as the store, so adopting it is a rename. */
  async scratchFile(): Promise<string> {
    const dir = path.join(this.root, "incoming");
    await this.bounded("mkdir incoming", () => fs.mkdir(dir, { recursive: true }));
    return path.join(dir, `${crypto.randomUUID()}.partial`);
  }

  /** A file's copy (the type goes by the key's extension on disk), written beside and renamed as put's is. */
  async copy(from: string, to: string) {
    const target = this.pathFor(to);
    const partial = `${target}.${crypto.randomBytes(6).toString("hex")}.partial`;
    try {
      await this.bounded(`copying ${from}`, async () => {
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.copyFile(this.pathFor(from), partial);
        await fs.rename(partial, target);
      });
    } catch (error) {
      // A disk that filled up mid-copy keeps no half file under the key, nor beside it.
      await this.bounded(`removing ${partial}`, () => fs.rm(partial, { force: true })).catch(() => {});
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    const file = this.pathFor(key);
    try {
      const info = await this.bounded(`stat ${key}`, () => fs.stat(file));
      return {
        size: info.size,
        contentType: contentTypes[path.extname(key)] ?? "application/octet-stream",
        etag: `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`,
        lastModified: info.mtime,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async read(key: string): Promise<StoredObject | null> {
    const info = await this.stat(key);
    return (
      info && { ...info, stream: endWhenStalled(createReadStream(this.pathFor(key)), `reading ${key}`, this.timeoutMs) }
    );
  }

  async localCopy(key: string) {
    return { path: this.pathFor(key), release: async () => {} };
  }

  async *list(): AsyncIterable<string> {
    const entries = await this.bounded("list", () =>
      fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }),
    );
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      if (isSafeKey(key)) yield key;
    }
  }

  async remove(keys: string[]) {
    if (keys.length === 0) return;
    const files = keys.map((key) => this.pathFor(key));
    await this.bounded("remove", async () => {
      // A missing root (an unmounted disk) must fail, not count every file as gone.
      await fs.access(this.root, fs.constants.W_OK);
      await Promise.all(files.map((file) => fs.rm(file, { force: true })));
      // Derived sizes sit in a folder per original; drop it once empty.
      const folders = new Set(keys.filter((k) => k.startsWith("derived/")).map((k) => path.dirname(this.pathFor(k))));
      await Promise.all([...folders].map((folder) => fs.rmdir(folder).catch(() => {})));
    });
  }

  /**
   * Half-written files a killed process left behind: uploads cut off mid-PUT
   * (incoming/*.partial) and writes cut off before their rename (<key>.*.partial).
   * Only those untouched since `olderThan`: another process may be writing the rest.
   */
  async removeLeftovers(olderThan: Date): Promise<number> {
    const entries = await this.bounded("list", () =>
      fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []),
    );
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith(".partial")) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = await fs.stat(file).catch(() => null);
      if (!info || info.mtime >= olderThan) continue;
      await fs.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  async presignedPut() {
    return null;
  }

  async presignedGet() {
    return null;
  }
}
