// What the metadata walkers share (embedded-metadata.server.ts): reading parts
// of a file by position, and adding up metadata bytes against the limit.
import type fs from "node:fs/promises";

export class ImageMetadataTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The image's embedded metadata is over the ${limit} byte limit`);
    this.name = "ImageMetadataTooLargeError";
  }
}

/** Reads parts of a file by position; a read past the end comes back short. */
export class FileBytes {
  constructor(
    private readonly handle: fs.FileHandle,
    readonly size: number,
  ) {}

  async read(position: number, length: number): Promise<Buffer> {
    const wanted = Math.max(0, Math.min(length, this.size - position));
    const buffer = Buffer.alloc(wanted);
    if (wanted === 0) return buffer;
    const { bytesRead } = await this.handle.read(buffer, 0, wanted, position);
    return buffer.subarray(0, bytesRead);
  }
}

/** Adds up metadata bytes, and throws as soon as they pass the limit. */
export class MetadataTally {
  private total = 0;
  constructor(readonly limit: number) {}

  add(bytes: number) {
    this.total += bytes;
    if (this.total > this.limit) throw new ImageMetadataTooLargeError(this.limit);
  }

  /** Room left before the limit. */
  get room() {
    return this.limit - this.total;
  }
}

/** A structure with more parts than any photo has (a 50 MB PNG in 8 KB IDATs has ~6,000) is refused. */
export const MAX_PARTS = 100_000;
