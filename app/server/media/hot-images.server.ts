// The thumbnails a meeting night keeps asking for, kept in memory by storage
// key (lru-cache: bounded by bytes, least recently used out first, one storage
// read for readers asking at once). A key names one derived file whose bytes
// never change (keys.server.ts), so what is kept is exact without any version
// or time: a photo deleted or hidden is refused by the permission check before
// its key is looked up here. Large sizes stream from the storage each time.
import type { Readable } from "node:stream";
import { LRUCache } from "lru-cache";
import type { ObjectStorage, StoredObjectInfo } from "~/storage/storage.server";

export type HotImage = StoredObjectInfo & ({ bytes: Buffer; stream?: never } | { stream: Readable; bytes?: never });

// What is kept of a key: its bytes, or that it names a large file (true for good, as its bytes never change).
type Kept = (StoredObjectInfo & { bytes: Buffer }) | { large: true };
/** What a "large" mark counts for against the bound (its key and the object, roughly). */
const MARK_BYTES = 128;

export class HotImages {
  private readonly cache: LRUCache<string, Kept, ObjectStorage>;

  constructor(
    /** Everything kept, at most (bytes). */
    readonly maxBytes = 64 * 1024 * 1024,
    /** A larger file is streamed, never kept (a thumbnail is 20-200 KB; a large size megabytes). */
    readonly maxFileBytes = 512 * 1024,
  ) {
    this.cache = new LRUCache<string, Kept, ObjectStorage>({
      maxSize: maxBytes,
      sizeCalculation: (kept) => ("bytes" in kept ? Math.max(1, kept.bytes.length) : MARK_BYTES),
      // A missing file resolves undefined (nothing kept); a failed read rejects every waiter, keeps nothing.
      fetchMethod: (key, _stale, { context: storage }) => this.fill(storage, key),
      // A read under way whose slot is let go (others pushed it out) still answers its readers.
      ignoreFetchAbort: true,
    });
  }

  /** How many bytes are kept now. */
  get size() {
    return this.cache.calculatedSize;
  }

  /** The image at `key` (kept bytes, or a stream for a large file), or null when the storage has none. */
  async read(storage: ObjectStorage, key: string): Promise<HotImage | null> {
    const kept = await this.cache.fetch(key, { context: storage });
    if (!kept) return null;
    // A large file is not kept: each reader streams it from the storage itself.
    return "bytes" in kept ? kept : storage.read(key);
  }

  private async fill(storage: ObjectStorage, key: string): Promise<Kept | undefined> {
    const object = await storage.read(key);
    if (!object) return undefined;
    const { stream, ...info } = object;
    if (info.size > this.maxFileBytes) {
      stream.destroy();
      return { large: true };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { ...info, bytes: Buffer.concat(chunks) };
  }
}

/** The process's kept thumbnails (the media path's). */
export const hotImages = new HotImages();
