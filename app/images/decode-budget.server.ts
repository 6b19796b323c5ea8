// What decoding an image will cost, judged from its header before any pixel is
// decoded, so an image the server cannot afford is refused (422) rather than
// tried. The same pixels cost very different memory by format (measured: the
// server's peak memory growth while makeDerivatives decodes one image, per
// decoded pixel, 8-bit RGB):
//
// - baseline JPEG and WebP shrink while they load, and PNG and TIFF are read a
//   few rows at a time: about 1.5 bytes a pixel (100 MP: 90-150 MB);
// - a progressive JPEG keeps every coefficient until the last scan, and an
//   interlaced PNG every row: about 4 bytes a pixel (100 MP: 380 MB); a TIFF
//   is counted so too, since one strip may hold the whole picture;
// - AVIF: libheif decodes the whole frame through AV1's buffers: about 18 bytes
//   a pixel (16 MP: 290 MB, 29 MP: 520 MB, a 2 KB 10000x10000 AVIF: 1.75 GB),
//   24 at 10 bits;
// - HEIC: libheif in WebAssembly hands back RGBA, wrapped again with its colour
//   profile for sharp: 12 MP took 220-270 MB, 24 MP 350-370 MB (counted at 18
//   bytes a pixel: 440 MB).
//
// The estimate is pixels x channels x bytes per sample x the format's factor,
// rounded up from those figures; IMAGE_PROCESSING_MEMORY_MB bounds one decode
// and the decodes at once (processing-gate.server.ts), UPLOAD_MAX_PIXELS every
// format, so each format has its own pixel limit (docs/security.md).
import type { Metadata } from "sharp";

/** Bytes per decoded pixel per channel byte, by what the decoder must hold. */
const STREAMED = 0.5;
const WHOLE_FRAME = 1.3;
const AV1 = 6;
/** libheif's WebAssembly always hands back 8-bit RGBA, and it is copied twice more. */
const HEVC_BYTES_PER_PIXEL = 18;

type Header = Pick<Metadata, "format"> &
  Partial<Pick<Metadata, "compression" | "channels" | "depth" | "isProgressive">>;

/** The format's name in the member's words, for the refusal. */
export function formatLabel(header: Header): string {
  if (header.format === "heif") return header.compression === "hevc" ? "HEIC" : "AVIF";
  return (header.format ?? "image").toUpperCase();
}

const SAMPLE_BYTES: Partial<Record<string, number>> = { ushort: 2, short: 2, uint: 4, int: 4, float: 4, double: 8 };
const sampleBytes = (depth: Metadata["depth"] | undefined) => SAMPLE_BYTES[depth ?? "uchar"] ?? 1;

/** The memory one pixel costs to decode, in bytes. */
export function bytesPerPixel(header: Header): number {
  if (header.format === "heif" && header.compression === "hevc") return HEVC_BYTES_PER_PIXEL;
  const perPixel = Math.max(3, header.channels ?? 3) * sampleBytes(header.depth);
  switch (header.format) {
    case "heif":
      return AV1 * perPixel;
    case "jpeg":
    case "png":
      return (header.isProgressive ? WHOLE_FRAME : STREAMED) * perPixel;
    case "webp":
      return STREAMED * perPixel;
    default:
      return WHOLE_FRAME * perPixel;
  }
}

/** The most pixels of this kind the server decodes: UPLOAD_MAX_PIXELS, or fewer where the memory runs out first. */
export function pixelLimit(header: Header, limits: { maxPixels: number; memoryBytes: number }): number {
  return Math.min(limits.maxPixels, Math.floor(limits.memoryBytes / bytesPerPixel(header)));
}

/** Over the pixel limit of its kind: refused from the header, before decoding. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly limitPixels: number,
    /** Set when the format's own limit (its memory) is lower than UPLOAD_MAX_PIXELS. */
    readonly format: string | null,
  ) {
    super(`Input image exceeds pixel limit (${limitPixels} for ${format ?? "any image"})`);
    this.name = "ImageTooLargeError";
  }
}

/**
 * The memory decoding `header`'s image will take, in bytes; throws
 * ImageTooLargeError when its pixels are over its kind's limit. `codedPixels`,
 * when given, are what the decoder really decodes (a HEIF's coded items, which
 * a crop hides from the header's size: heif-geometry.server.ts).
 */
export function decodeCost(
  header: Header & { width: number; height: number },
  limits: { maxPixels: number; memoryBytes: number },
  codedPixels?: number,
): number {
  const pixels = Math.max(codedPixels ?? 0, header.width * header.height);
  const limit = pixelLimit(header, limits);
  if (pixels > limit) throw new ImageTooLargeError(limit, limit < limits.maxPixels ? formatLabel(header) : null);
  return Math.ceil(pixels * bytesPerPixel(header));
}
