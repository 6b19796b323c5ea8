// How much metadata an image carries, measured from its bytes before sharp or
// exiftool look at it, in every format the site takes: JPEG's APP segments,
// PNG's chunks, WebP's RIFF chunks, TIFF's IFDs, and AVIF's and HEIC's boxes
// (metadata-walkers.server.ts, heif-metadata.server.ts). A 64x64 JPEG carrying
// 45 MB of extended XMP kept exiftool busy for 40 s and Node's event loop for
// seconds parsing its answer; a 300 KB PNG's compressed text inflates to a
// gigabyte. Walking the structure costs a few small reads per segment, and a
// file whose metadata comes to more than IMAGE_METADATA_MAX_BYTES is refused
// (422) before anything else reads it.
//
// A PNG's text chunks (zTXt, compressed iTXt) and colour profile (iCCP) are zlib
// streams, so each is inflated with a ceiling (zlib's maxOutputLength): the
// measure costs at most the limit.
import fs from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { heifMetadata } from "./heif-metadata.server";
import { FileBytes, ImageMetadataTooLargeError, MAX_PARTS, MetadataTally } from "./metadata-bytes.server";
import { jpegMetadata, tiffMetadata, webpMetadata } from "./metadata-walkers.server";
import { sniffImage } from "~/lib/image-sniff";

export { ImageMetadataTooLargeError };

const inflate = promisify(zlib.inflate);

/** Chunks exiftool reads as metadata; the others (IDAT, PLTE...) are the picture. */
const PNG_METADATA_CHUNKS = new Set(["tEXt", "zTXt", "iTXt", "iCCP", "eXIf", "tIME", "caBX"]);

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

/** The inflated size of one compressed stream, stopping (and throwing) past the room left. */
async function inflatedSize(stream: Buffer, tally: MetadataTally): Promise<number> {
  try {
    return (await inflate(stream, { maxOutputLength: Math.max(1, tally.room + 1) })).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) {
      throw new ImageMetadataTooLargeError(tally.limit);
    }
    // A broken stream is for the decoders to judge, not a size to refuse.
    return 0;
  }
}

async function pngMetadata(bytes: FileBytes, tally: MetadataTally): Promise<void> {
  let position = 8;
  for (let chunks = 0; ; chunks++) {
    if (chunks > MAX_PARTS) throw new ImageMetadataTooLargeError(tally.limit);
    const header = await bytes.read(position, 8);
    if (header.length < 8) return;
    const length = header.readUInt32BE(0);
    const type = header.toString("latin1", 4, 8);
    if (type === "IEND") return;
    if (PNG_METADATA_CHUNKS.has(type)) {
      if (length > tally.room) throw new ImageMetadataTooLargeError(tally.limit);
      const data = await bytes.read(position + 8, length);
      if (data.length < length) return;
      const start = compressedStart(type, data);
      tally.add(start === null ? length : start);
      if (start !== null) tally.add(await inflatedSize(data.subarray(start), tally));
    }
    position += 12 + length;
  }
}

/**
 * Throws ImageMetadataTooLargeError when the image's metadata (inflated, for a
 * PNG) comes to more than `limit` bytes. A file that is none of the site's
 * formats, or whose structure is broken, passes: the decoders judge it.
 */
export async function checkEmbeddedMetadata(file: string, limit: number): Promise<void> {
  const handle = await fs.open(file, "r");
  try {
    const bytes = new FileBytes(handle, (await handle.stat()).size);
    const tally = new MetadataTally(limit);
    const kind = sniffImage(await bytes.read(0, 32));
    if (kind === "png") await pngMetadata(bytes, tally);
    else if (kind === "jpeg") await jpegMetadata(bytes, tally);
    else if (kind === "webp") await webpMetadata(bytes, tally);
    else if (kind === "tiff") await tiffMetadata(bytes, tally);
    else if (kind === "avif" || kind === "heic") await heifMetadata(bytes, tally);
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
