// The metadata of a JPEG, a WebP and a TIFF, measured from their structure
// (embedded-metadata.server.ts says why): each part's size is in its header,
// so a walk reads a few bytes per part and never the pictures' data.
import { type FileBytes, ImageMetadataTooLargeError, MAX_PARTS, type MetadataTally } from "./metadata-bytes.server";

/** More marker segments than this is no photo (a progressive one has a few dozen): the walk stops there. */
export const MAX_JPEG_SEGMENTS = 4096;

/**
 * JPEG: every APPn segment (EXIF, XMP and extended XMP, ICC, IPTC, MPF...) and
 * comment, before the first scan and between every two scans of a progressive
 * JPEG (47.5 MB of APP1 between scans went uncounted when the walk stopped at
 * the first). Each scan's coded data is skipped to the marker that ends it.
 * Every segment counts towards MAX_JPEG_SEGMENTS, and the file is read in
 * windows, so 100,000 comments are refused after a few reads, not 100,000
 * (they held the image turn for 2.9 s). What follows the end of the image
 * (trailers) exiftool does not read: it runs with -fast.
 */
export async function jpegMetadata(bytes: FileBytes, tally: MetadataTally): Promise<void> {
  const file = new WindowedBytes(bytes);
  let position = 2;
  for (let segments = 0; segments <= MAX_JPEG_SEGMENTS; segments++) {
    const header = await file.read(position, 4);
    if (header.length < 2 || header[0] !== 0xff) return;
    const marker = header[1]!;
    // Fill bytes, and markers that stand alone (SOI, TEM, RSTn).
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2;
      continue;
    }
    if (marker === 0xd9 || header.length < 4) return;
    const length = header.readUInt16BE(2);
    if (length < 2) return;
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) tally.add(length - 2);
    position += 2 + length;
    // Start of scan: its coded data runs to the next marker.
    if (marker === 0xda) {
      const next = await file.nextMarker(position);
      if (next === null) return;
      position = next;
    }
  }
  throw new ImageMetadataTooLargeError(tally.limit);
}

/** A file read a window at a time, for walks that take many small steps. */
class WindowedBytes {
  private static readonly WINDOW = 64 * 1024;
  private start = 0;
  private window: Buffer = Buffer.alloc(0);

  constructor(private readonly bytes: FileBytes) {}

  async read(position: number, length: number): Promise<Buffer> {
    const end = position + length;
    if (position < this.start || end > this.start + this.window.length) {
      this.start = position;
      this.window = await this.bytes.read(position, Math.max(length, WindowedBytes.WINDOW));
    }
    return this.window.subarray(position - this.start, end - this.start);
  }

  /**
   * Where the marker after a scan's coded data starts, from `position`: a 0xFF
   * followed by neither 0x00 (a stuffed byte), a restart marker nor another
   * 0xFF (fill). Null at the end of the file.
   */
  async nextMarker(position: number): Promise<number | null> {
    for (let at = position; at < this.bytes.size;) {
      const chunk = await this.read(at, Math.min(WindowedBytes.WINDOW, this.bytes.size - at));
      if (chunk.length === 0) return null;
      // Every 0xFF of this window is looked at here: coded data holds one every few hundred bytes
      // (stuffed), and reading a new window from each one read the picture's data many times over.
      let found = chunk.indexOf(0xff);
      while (found >= 0 && found + 1 < chunk.length) {
        if (isMarker(chunk[found + 1]!)) return at + found;
        found = chunk.indexOf(0xff, found + 1);
      }
      if (found < 0) {
        at += chunk.length;
        continue;
      }
      // The window's last byte is 0xFF: the byte after it is in the next window.
      if (at + found + 1 >= this.bytes.size) return null;
      const pair = await this.read(at + found, 2);
      if (isMarker(pair[1]!)) return at + found;
      at += found + 1;
    }
    return null;
  }
}

const isMarker = (next: number) => next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7);

/** WebP chunks that are the picture; every other chunk (ICCP, EXIF, XMP, unknown) is metadata. */
const WEBP_PICTURE_CHUNKS = new Set(["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF"]);

/** WebP: a RIFF file, a row of chunks each with its size up front. */
export async function webpMetadata(bytes: FileBytes, tally: MetadataTally): Promise<void> {
  let position = 12;
  for (let chunks = 0; chunks <= MAX_PARTS; chunks++) {
    const header = await bytes.read(position, 8);
    if (header.length < 8) return;
    const type = header.toString("latin1", 0, 4);
    const size = header.readUInt32LE(4);
    if (!WEBP_PICTURE_CHUNKS.has(type)) tally.add(size);
    position += 8 + size + (size % 2);
  }
  throw new ImageMetadataTooLargeError(tally.limit);
}

/** Bytes per value of each TIFF field type (BYTE, ASCII, SHORT, LONG, RATIONAL, ... IFD). */
const TIFF_TYPE_BYTES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];
/** Tags whose values point at more IFDs: SubIFDs, the EXIF, GPS and interoperability IFDs. */
const SUB_IFD_TAGS = new Set([330, 34665, 34853, 40965]);
/** More IFDs than this is no photo (a multi-page scan has one per page). */
const MAX_IFDS = 1000;

/**
 * TIFF: every IFD (the pages, and the EXIF, GPS and sub-IFDs they point to),
 * its entries, and every value too long to sit in its entry (text, XMP, ICC,
 * IPTC, maker notes, the strip tables). The pictures' strips are not read.
 */
export async function tiffMetadata(bytes: FileBytes, tally: MetadataTally): Promise<void> {
  const head = await bytes.read(0, 8);
  if (head.length < 8) return;
  const little = head.toString("latin1", 0, 2) === "II";
  const u16 = (buffer: Buffer, at: number) => (little ? buffer.readUInt16LE(at) : buffer.readUInt16BE(at));
  const u32 = (buffer: Buffer, at: number) => (little ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at));
  const pending = [u32(head, 4)];
  const seen = new Set<number>();
  while (pending.length > 0) {
    const offset = pending.pop()!;
    if (offset === 0 || seen.has(offset) || offset >= bytes.size) continue;
    seen.add(offset);
    if (seen.size > MAX_IFDS) throw new ImageMetadataTooLargeError(tally.limit);
    const countBytes = await bytes.read(offset, 2);
    if (countBytes.length < 2) continue;
    const count = u16(countBytes, 0);
    tally.add(2 + count * 12 + 4);
    const ifd = await bytes.read(offset + 2, count * 12 + 4);
    if (ifd.length < count * 12 + 4) continue;
    for (let entry = 0; entry < count; entry++) {
      const at = entry * 12;
      const tag = u16(ifd, at);
      const values = u32(ifd, at + 4);
      const size = values * (TIFF_TYPE_BYTES[u16(ifd, at + 2)] ?? 1);
      // A value past the end of the file is a broken file, for the decoders to judge.
      if (size > 4 && u32(ifd, at + 8) + size <= bytes.size) tally.add(size);
      if (!SUB_IFD_TAGS.has(tag)) continue;
      if (size <= 4) pending.push(u32(ifd, at + 8));
      else {
        const offsets = await bytes.read(u32(ifd, at + 8), Math.min(size, 4 * MAX_IFDS));
        for (let i = 0; i + 4 <= offsets.length; i += 4) pending.push(u32(offsets, i));
      }
    }
    pending.push(u32(ifd, count * 12));
  }
}
