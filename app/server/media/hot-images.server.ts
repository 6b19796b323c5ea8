// The thumbnails a meeting night keeps asking for, kept in memory by storage
// key. A key names one derived file whose bytes never change (keys.server.ts:
// each made file gets a key of its own), so what is kept is exact without any
// version or time: a photo deleted or hidden is refused by the permission
// check before its key is looked up here. Bounded by bytes, least recently
// used out first; only small files (thumbnails and their narrower copies) are
// kept, large sizes stream from the storage each time.
import type { Readable } from "node:stream";
import type { ObjectStorage, StoredObjectInfo } from "~/storage/storage.server";

export type HotImage = StoredObjectInfo & ({ bytes: Buffer; stream?: never } | { stream: Readable; bytes?: never });

const LARGE = Symbol("large");

export class HotImages {
  private entries = new Map<string, StoredObjectInfo & { bytes: Buffer }>();
  private pending = new Map<string, Promise<HotImage | typeof LARGE | null>>();
  private heldBytes = 0;

  constructor(
    /** Everything kept, at most (bytes). */
    readonly maxBytes = 64 * 1024 * 1024,
    /** A larger file is streamed, never kept (a thumbnail is 20-200 KB; a large size megabytes). */
    readonly maxFileBytes = 512 * 1024,
  ) {}

  /** How many bytes are kept now. */
  get size() {
    return this.heldBytes;
  }

  /** The image at `key` (kept bytes, or a stream for a large file), or null when the storage has none. */
  read(storage: ObjectStorage, key: string): Promise<HotImage | null> {
    const known = this.entries.get(key);
    if (known) {
      // Most recently used goes last: a Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, known);
      return Promise.resolve(known);
    }
    // A grid's first viewers ask at once: one read fills it for all of them.
    let reading = this.pending.get(key);
    if (!reading) {
      reading = this.fill(storage, key).finally(() => this.pending.delete(key));
      this.pending.set(key, reading);
    }
    // A large file is not kept: each reader streams it from the storage itself.
    return reading.then((image): Promise<HotImage | null> | HotImage | null =>
      image === LARGE ? storage.read(key) : image,
    );
  }

  private async fill(storage: ObjectStorage, key: string): Promise<HotImage | typeof LARGE | null> {
    const object = await storage.read(key);
    if (!object) return null;
    const { stream, ...info } = object;
    if (info.size > this.maxFileBytes) {
      stream.destroy();
      return LARGE;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const kept = { ...info, bytes: Buffer.concat(chunks) };
    this.keep(key, kept);
    return kept;
  }

  private keep(key: string, image: StoredObjectInfo & { bytes: Buffer }) {
    if (image.bytes.length > this.maxBytes || this.entries.has(key)) return;
    this.entries.set(key, image);
    this.heldBytes += image.bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.heldBytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.heldBytes -= entry.bytes.length;
    }
  }
}

/** The process's kept thumbnails (the media path's). */
export const hotImages = new HotImages();
