// iPhone HEIC through the same derivatives as a JPEG: decoded by libheif in a
// worker, upright once (irot applied, EXIF orientation not applied again), no
// metadata in what is made, and the pixel limit checked before any decoding.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  flowerCentre,
  HEIC_FIXTURE,
  HEIC_SIZE,
  heicDeclaring,
  rotatedHeic,
  truncatedHeic,
} from "../../tests/support/heic-files";
import { exifToolForThisFile } from "../../tests/support/exif-reader";
import { expectNoEmbeddedMetadata } from "../../tests/support/stripped-metadata";
import { imageFailureMessage, makeDerivatives, PHOTO_SIZES } from "./derivatives.server";
import * as heic from "./heic.server";

const MAX_PIXELS = 100_000_000;

/** 8-bit Display P3 pixels (RGB) as 8-bit sRGB: linearise, the primaries' matrix, encode, clip. */
function displayP3ToSrgb(rgb: Buffer): Uint8Array {
  const linear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const encode = (v: number) => {
    const clipped = Math.min(1, Math.max(0, v));
    return Math.round(255 * (clipped <= 0.0031308 ? 12.92 * clipped : 1.055 * clipped ** (1 / 2.4) - 0.055));
  };
  const out = new Uint8Array(rgb.length);
  for (let i = 0; i < rgb.length; i += 3) {
    const [r, g, b] = [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!].map((v) => linear(v / 255)) as [number, number, number];
    out[i] = encode(1.2249 * r - 0.2247 * g);
    out[i + 1] = encode(-0.042 * r + 1.0419 * g);
    out[i + 2] = encode(-0.0197 * r - 0.0786 * g + 1.0979 * b);
  }
  return out;
}
const METADATA_LIMIT = 1024 * 1024;
let folder: string;
const exiftool = exifToolForThisFile();

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "club-heic-"));
});

afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

async function saved(name: string, bytes: Buffer) {
  const file = path.join(folder, name);
  await fs.writeFile(file, bytes);
  return file;
}

/** The member's message for a refused file, or null when it was accepted. */
async function refusal(file: string, maxPixels = MAX_PIXELS) {
  return makeDerivatives(file, PHOTO_SIZES, maxPixels, METADATA_LIMIT).then(
    () => null,
    (error: unknown) => imageFailureMessage(error, maxPixels),
  );
}

describe("HEIC derivatives", () => {
  it("makes upright, metadata-free sizes of the iPhone photo", async () => {
    const made = await makeDerivatives(HEIC_FIXTURE, PHOTO_SIZES, MAX_PIXELS, METADATA_LIMIT);
    expect({ width: made.width, height: made.height }).toEqual(HEIC_SIZE);
    const [large, thumb] = made.derivatives;
    expect([large!.width, large!.height]).toEqual([2566, 3313]);
    expect([thumb!.width, thumb!.height]).toEqual([793, 1024]);

    // Upright: the flower is in the lower left, as the photographer framed it.
    const flower = await flowerCentre(large!.data);
    expect(flower.x).toBeLessThan(0.5);
    expect(flower.y).toBeGreaterThan(0.55);

    for (const derivative of made.derivatives) {
      await expectNoEmbeddedMetadata(derivative.data);
      const tags = (await exiftool().read(await saved(`derived.${derivative.extension}`, derivative.data))) as Record<
        string,
        unknown
      >;
      for (const gone of ["Make", "Model", "DateTimeOriginal", "Orientation", "GPSLatitude", "ProfileDescription"]) {
        expect(tags).not.toHaveProperty(gone);
      }
    }
  });

  it("shows an iPhone's Display P3 colours converted to sRGB, not its numbers read as sRGB", async () => {
    const made = await makeDerivatives(HEIC_FIXTURE, PHOTO_SIZES, MAX_PIXELS, METADATA_LIMIT);
    const thumb = made.derivatives[1]!;
    const shown = await sharp(thumb.data).removeAlpha().raw().toBuffer();
    // The decoded numbers at the thumbnail's size, read as if they were sRGB (what the pipeline did before).
    const decoded = await heic.decodeHeic(HEIC_FIXTURE, HEIC_SIZE, MAX_PIXELS);
    const asIfSrgb = await sharp(decoded.rgba, { raw: { width: decoded.width, height: decoded.height, channels: 4 } })
      .removeAlpha()
      .resize(thumb.width, thumb.height, { fit: "fill" })
      .raw()
      .toBuffer();
    // The same numbers converted by the textbook Display P3 to sRGB matrix (both use the sRGB curve).
    const converted = displayP3ToSrgb(asIfSrgb);

    // Where the two readings differ visibly (the saturated flower), the thumbnail is the converted one.
    let pixels = 0;
    let offConverted = 0;
    let offAsIfSrgb = 0;
    for (let i = 0; i < shown.length; i += 3) {
      const gap = Math.max(...[0, 1, 2].map((c) => Math.abs(converted[i + c]! - asIfSrgb[i + c]!)));
      if (gap < 12) continue;
      pixels++;
      for (const c of [0, 1, 2]) {
        offConverted += Math.abs(shown[i + c]! - converted[i + c]!);
        offAsIfSrgb += Math.abs(shown[i + c]! - asIfSrgb[i + c]!);
      }
    }
    expect(pixels).toBeGreaterThan(1000);
    expect(offConverted / pixels).toBeLessThan(offAsIfSrgb / pixels / 3);
  });

  it("applies the container's rotation once, not the EXIF orientation a second time", async () => {
    // An iPhone held upright writes both: irot (a quarter turn clockwise) and EXIF Orientation 6.
    const file = await saved("rotated.heic", await rotatedHeic(3));
    await exiftool().write(file, { Orientation: 6 } as never, { writeArgs: ["-overwrite_original", "-n"] });
    expect((await exiftool().read(file, { readArgs: ["-n"] })).Orientation).toBe(6);

    const made = await makeDerivatives(file, PHOTO_SIZES, MAX_PIXELS, METADATA_LIMIT);
    expect({ width: made.width, height: made.height }).toEqual({ width: HEIC_SIZE.height, height: HEIC_SIZE.width });
    const [large] = made.derivatives;
    expect([large!.width, large!.height]).toEqual([3313, 2566]);
    // A quarter turn clockwise takes the lower-left flower to the upper left; a
    // second turn (EXIF 6 applied again) would take it to the upper right.
    const flower = await flowerCentre(large!.data);
    expect(flower.x).toBeLessThan(0.5);
    expect(flower.y).toBeLessThan(0.45);
  });

  it("refuses a HEIC declaring more pixels than the limit without decoding it", async () => {
    const decode = vi.spyOn(heic, "decodeHeic");
    try {
      const file = await saved("bomb.heic", await heicDeclaring(40_000, 40_000));
      // The lower of the two limits speaks: the decode budget's for HEIC (about 29 MP at 512 MB) is under the 100 MP upload limit.
      expect(await refusal(file)).toMatch(/^The image is larger than the \d+ megapixel limit for HEIC images\.$/);
      // Under a lower limit the real photo is refused the same way.
      expect(await refusal(HEIC_FIXTURE, 8_000_000)).toBe("The image is larger than the 8 megapixel limit.");
      expect(decode).not.toHaveBeenCalled();
    } finally {
      decode.mockRestore();
    }
  });

  it("has the decoder check the size libheif reads before it decodes", async () => {
    await expect(heic.decodeHeic(HEIC_FIXTURE, HEIC_SIZE, 8_000_000)).rejects.toThrow(/pixel limit/);
  });

  it("refuses a cut-short or broken HEIC as damaged, and one whose boxes disagree before libheif sees it", async () => {
    expect(await refusal(await saved("half.heic", await truncatedHeic(0.5)))).toBe(
      "The image file is damaged or incomplete.",
    );
    expect(await refusal(await saved("header.heic", await truncatedHeic(0.003)))).toBe(
      "The image file is damaged or incomplete.",
    );
    // A header naming a larger image than its tiles make (libheif refused to decode it): its boxes
    // disagree, so it is refused from them, before any decoder runs (heif-geometry.server.ts).
    expect(await refusal(await saved("mismatch.heic", await heicDeclaring(4000, 3313)))).toBe(
      "The image file is damaged or incomplete.",
    );
  });
});
