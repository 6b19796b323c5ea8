// Derived sizes with sharp from ONE decode (as Immich does): the original is
// decoded, auto-rotated and scaled once to the largest size, and every size is
// encoded from that pixel buffer. sharp writes no metadata unless asked, so no
// derived file carries EXIF, GPS or XMP.
import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { env } from "~/env.server";
import type { DerivedSize } from "~/storage/keys.server";
import { checkDecodedMetadata, checkEmbeddedMetadata, ImageMetadataTooLargeError } from "./embedded-metadata.server";
import { rgbaWithProfile } from "./colour-profile.server";
import { decodeCost, ImageTooLargeError, pixelLimit } from "./decode-budget.server";
import { decodeHeic, HeicUnreadableError } from "./heic.server";
import { heifGeometry, HeifGeometryError } from "./heif-geometry.server";
import { decodeMemoryBudget, reserveDecodeMemory, withinImageTurn } from "./processing-gate.server";

// Every upload is decoded exactly once, so libvips' operation cache would only hold
// memory (tens of MB per 24 MP photo) for results nobody asks for again.
sharp.cache(false);

export type SizeSpec = {
  size: DerivedSize;
  /** The longest edge ('inside') or the square side ('cover'), in pixels. */
  box: number;
  fit: "inside" | "cover";
  format: "jpeg" | "webp";
  quality: number;
};

// largeUrl: sharp full-screen on a 4K screen. thumbUrl: crisp in a HiDPI grid
// (a 4-column grid cell is ~350 CSS px, so ~700 device px on a 2x screen).
export const PHOTO_SIZES: SizeSpec[] = [
  { size: "large", box: 3840, fit: "inside", format: "jpeg", quality: 85 },
  { size: "thumb", box: 1024, fit: "inside", format: "webp", quality: 78 },
];

// Profile pictures: a small square for avatars, a larger one for the member page.
export const PICTURE_SIZES: SizeSpec[] = [
  { size: "large", box: 1024, fit: "inside", format: "webp", quality: 82 },
  { size: "thumb", box: 256, fit: "cover", format: "webp", quality: 80 },
];

export type Derivative = SizeSpec & {
  data: Buffer;
  width: number;
  height: number;
  contentType: string;
  extension: "jpg" | "webp";
};

export type DecodedImage = { width: number; height: number; derivatives: Derivative[] };

function encode(image: Sharp, spec: SizeSpec) {
  return spec.format === "jpeg"
    ? image.jpeg({ quality: spec.quality, progressive: true })
    : image.webp({ quality: spec.quality });
}

/**
 * Makes every size in `specs` from the image file, in an image-processing turn
 * (processing-gate.server.ts; the caller's, else one of its own). The embedded
 * metadata is measured first (embedded-metadata.server.ts); then the header's
 * size is checked against the pixel limit of its kind (decode-budget.server.ts)
 * and the decode's memory reserved from the gate's budget, before decoding.
 */
export function makeDerivatives(
  file: string,
  specs: SizeSpec[],
  maxPixels: number,
  maxMetadataBytes = env().IMAGE_METADATA_MAX_BYTES,
): Promise<DecodedImage> {
  return withinImageTurn(async () => {
    await checkEmbeddedMetadata(file, maxMetadataBytes);
    // Only the header: the size is judged below, by its kind's limit, so sharp's own must not speak first.
    const header = await sharp(file, { limitInputPixels: false, failOn: "warning" }).metadata();
    if (!header.width || !header.height) throw new Error("Input file has no dimensions");
    checkDecodedMetadata(header, maxMetadataBytes);
    const limits = { maxPixels, memoryBytes: decodeMemoryBudget() };
    const shown = { ...header, width: header.width, height: header.height };
    // The size it shows first (a header declaring a bomb is refused as one), then what a HEIF decodes.
    let cost = decodeCost(shown, limits);
    if (header.format === "heif") cost = decodeCost(shown, limits, await heifCodedPixels(file, header));
    const release = await reserveDecodeMemory(cost);
    try {
      return await decodeAndResize(file, header, specs, pixelLimit(header, limits));
    } finally {
      release();
    }
  });
}

/**
 * What a HEIF's decoder will decode (heif-geometry.server.ts): the budget is judged on it, not on
 * the size sharp shows (after a crop); a shown size the coded one cannot hold is a file that disagrees.
 */
async function heifCodedPixels(file: string, header: { width: number; height: number }): Promise<number> {
  const coded = await heifGeometry(file);
  const fits = (w: number, h: number) => header.width <= w && header.height <= h;
  if (!fits(coded.width, coded.height) && !fits(coded.height, coded.width)) {
    throw new HeifGeometryError("the picture is larger than its coded size");
  }
  return coded.codedPixels;
}

async function decodeAndResize(
  file: string,
  header: Metadata & { width: number; height: number },
  specs: SizeSpec[],
  maxPixels: number,
): Promise<DecodedImage> {
  const options: SharpOptions = { limitInputPixels: maxPixels, failOn: "warning" };
  const largest = Math.max(...specs.map((s) => s.box));
  // HEVC (iPhone HEIC) is decoded by libheif, already upright; AVIF (also HEIF) by sharp.
  const heic = header.format === "heif" && header.compression === "hevc";
  let decoder: Sharp;
  if (heic) {
    const pixels = await decodeHeic(file, { width: header.width, height: header.height }, maxPixels);
    // The pixels are in the HEIC's own colours (an iPhone's Display P3): they go in with its profile,
    // so the sizes are converted to sRGB like a JPEG's (colour-profile.server.ts).
    const { input, options: pixelOptions } = await rgbaWithProfile(pixels.rgba, pixels, header.icc, maxPixels);
    // No .rotate(): libheif has applied irot/imir, and the raw pixels carry no EXIF to apply twice.
    decoder = sharp(input, pixelOptions).flatten({ background: "#ffffff" });
  } else {
    decoder = sharp(file, options).rotate();
    if (header.hasAlpha) decoder = decoder.flatten({ background: "#ffffff" });
  }
  const { data, info } = await decoder
    .resize({ width: largest, height: largest, fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;

  const derivatives = await Promise.all(
    specs.map(async (spec): Promise<Derivative> => {
      let image = sharp(data, raw);
      const fitsAlready = spec.fit === "inside" && info.width <= spec.box && info.height <= spec.box;
      if (!fitsAlready) {
        image = image.resize({
          width: spec.box,
          height: spec.box,
          fit: spec.fit,
          withoutEnlargement: spec.fit === "inside",
        });
      }
      const output = await encode(image, spec).toBuffer({ resolveWithObject: true });
      return {
        ...spec,
        data: output.data,
        width: output.info.width,
        height: output.info.height,
        contentType: spec.format === "jpeg" ? "image/jpeg" : "image/webp",
        extension: spec.format === "jpeg" ? "jpg" : "webp",
      };
    }),
  );
  // The original's upright size: orientations 5-8 swap width and height. A HEIC's
  // header size is already libheif's upright one.
  const turned = !heic && (header.orientation ?? 1) >= 5;
  return { width: turned ? header.height : header.width, height: turned ? header.width : header.height, derivatives };
}

const megabytes = (bytes: number) => `${Math.max(1, Math.round(bytes / (1024 * 1024)))} MB`;

/** A person-readable reason for a sharp failure, for the 422 the member sees. */
export function imageFailureMessage(error: unknown, maxPixels: number): string {
  if (error instanceof ImageMetadataTooLargeError) {
    return `The image carries more embedded metadata (text, colour profile) than the ${megabytes(error.limit)} allowed.`;
  }
  if (error instanceof ImageTooLargeError) {
    const format = error.format ? ` for ${error.format} images` : "";
    return `The image is larger than the ${Math.floor(error.limitPixels / 1_000_000)} megapixel limit${format}.`;
  }
  const message = String((error as Error)?.message ?? error);
  if (/pixel limit/i.test(message)) {
    return `The image is larger than the ${Math.floor(maxPixels / 1_000_000)} megapixel limit.`;
  }
  const damaged = "The image file is damaged or incomplete.";
  if (error instanceof HeifGeometryError) return damaged;
  if ((error instanceof HeicUnreadableError && error.damaged) || /corrupt header/i.test(message)) return damaged;
  if (error instanceof HeicUnreadableError || /heif|heic|hevc/i.test(message)) {
    return "This HEIC photo cannot be read by the server. Please export it as JPEG and upload that.";
  }
  if (/premature end|truncated|corrupt|invalid|bad|unexpected end/i.test(message)) return damaged;
  return "The file could not be read as an image.";
}
