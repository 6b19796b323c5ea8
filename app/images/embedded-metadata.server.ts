// How much metadata an image carries once inflated, measured before sharp or
// exiftool look at it. A PNG's text chunks (zTXt, compressed iTXt) and colour
// profile (iCCP) are zlib streams: 300 KB of them can inflate to a gigabyte,
// which exiftool would hold in memory and print as JSON. Here each stream is
// inflated with a ceiling (zlib's maxOutputLength), so measuring costs at most
// the limit, and a file over it is refused before anything else reads it.
import fs from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";

const inflate = promisify(zlib.inflate);

export class ImageMetadataTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The image's embedded metadata is over the ${limit} byte limit`);
    this.name = "ImageMetadataTooLargeError";
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Chunks exiftool reads as metadata; the others (IDAT, PLTE...) are the picture. */
const METADATA_CHUNKS = new Set(["tEXt", "zTXt", "iTXt", "iCCP", "eXIf", "tIME"]);
/** A PNG with more chunks than this is not a photo (a 50 MB image in 8 KB IDATs has ~6,000). */
const MAX_CHUNKS = 100_000;

/** Where the zlib stream starts in a chunk's data, or null when the chunk is stored uncompressed. */
function compressedStart(type: string, data: Buffer): number | null {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 0) return null;
  // zTXt and iCCP: keyword, NUL, compression method, stream.
  if (type === "zTXt" || type === "iCCP") return keywordEnd + 2;
  if (type !== "iTXt" || data[keywordEnd + 1] !== 1) return null;
  // iTXt: keyword, NUL, compressed flag, method, language tag, NUL, translated keyword, NUL, text.
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  return translatedEnd < 0 ? null : translatedEnd + 1;
}

/** The inflated size of one compressed stream, stopping (and throwing) past `room` bytes. */
async function inflatedSize(stream: Buffer, room: number, limit: number): Promise<number> {
  try {
    return (await inflate(stream, { maxOutputLength: Math.max(1, room + 1) })).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) {
      throw new ImageMetadataTooLargeError(limit);
    }
    // A broken stream is for the decoders to judge, not a size to refuse.
    return 0;
  }
}

/**
 * Throws ImageMetadataTooLargeError when the PNG's metadata chunks, inflated,
 * come to more than `limit` bytes. Other formats store their metadata
 * uncompressed, so the upload's own size limit bounds it; they pass here.
 */
export async function checkEmbeddedMetadata(file: string, limit: number): Promise<void> {
  const handle = await fs.open(file, "r");
  try {
    const header = Buffer.alloc(8);
    let { bytesRead } = await handle.read(header, 0, 8, 0);
    if (bytesRead < 8 || !header.equals(PNG_SIGNATURE)) return;
    let position = 8;
    let total = 0;
    for (let chunks = 0; ; chunks++) {
      if (chunks > MAX_CHUNKS) throw new ImageMetadataTooLargeError(limit);
      ({ bytesRead } = await handle.read(header, 0, 8, position));
      if (bytesRead < 8) return;
      const length = header.readUInt32BE(0);
      const type = header.toString("latin1", 4, 8);
      if (type === "IEND") return;
      if (METADATA_CHUNKS.has(type)) {
        if (total + length > limit) throw new ImageMetadataTooLargeError(limit);
        const data = Buffer.alloc(length);
        ({ bytesRead } = await handle.read(data, 0, length, position + 8));
        if (bytesRead < length) return;
        const start = compressedStart(type, data);
        total += start === null ? length : start + (await inflatedSize(data.subarray(start), limit - total, limit));
        if (total > limit) throw new ImageMetadataTooLargeError(limit);
      }
      position += 12 + length;
    }
  } finally {
    await handle.close();
  }
}

/** Metadata sharp has read from any format (colour profile, EXIF, XMP, IPTC), against the same limit. */
export function checkDecodedMetadata(
  metadata: {
    icc?: Buffer;
    exif?: Buffer;
    xmp?: Buffer;
    iptc?: Buffer;
    comments?: { keyword: string; text: string }[];
  },
  limit: number,
) {
  const comments = (metadata.comments ?? []).reduce((sum, c) => sum + c.keyword.length + c.text.length, 0);
  const total =
    (metadata.icc?.length ?? 0) +
    (metadata.exif?.length ?? 0) +
    (metadata.xmp?.length ?? 0) +
    (metadata.iptc?.length ?? 0) +
    comments;
  if (total > limit) throw new ImageMetadataTooLargeError(limit);
}
