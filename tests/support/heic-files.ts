// The real iPhone HEIC of the shared fixtures, and variants of it made by
// changing a few bytes of its container (never its pixels): rotated by the
// HEIF 'irot' property, declaring a huge size, or cut short.
import fs from "node:fs/promises";
import sharp from "sharp";
import { cameraFixture } from "../fixtures/camera-files";

export const HEIC_FIXTURE = cameraFixture("IMG_5195.HEIC");
/** The fixture's upright size (libheif's, after its irot of 0). */
export const HEIC_SIZE = { width: 2566, height: 3313 };

export const heicBytes = () => fs.readFile(HEIC_FIXTURE);

/** Offsets of every box of `type` (a 4-letter code preceded by its 32-bit size). */
function boxesOf(bytes: Buffer, type: string): number[] {
  const found: number[] = [];
  for (let at = bytes.indexOf(type, 4, "latin1"); at >= 0; at = bytes.indexOf(type, at + 1, "latin1")) {
    found.push(at - 4);
  }
  return found;
}

/**
 * The fixture with its 'irot' property set to `quarterTurns` anticlockwise
 * quarter turns (3 is a quarter turn clockwise, as for a phone held upright).
 */
export async function rotatedHeic(quarterTurns: 1 | 2 | 3): Promise<Buffer> {
  const bytes = await heicBytes();
  const [irot] = boxesOf(bytes, "irot");
  if (irot === undefined || bytes.readUInt32BE(irot) !== 9) throw new Error("The fixture has no irot box");
  bytes[irot + 8] = quarterTurns;
  return bytes;
}

/** The fixture declaring `width` x `height` in its image's 'ispe' property: a decompression bomb's header. */
export async function heicDeclaring(width: number, height: number): Promise<Buffer> {
  const bytes = await heicBytes();
  let patched = 0;
  for (const ispe of boxesOf(bytes, "ispe")) {
    // size, 'ispe', version and flags, width, height
    if (bytes.readUInt32BE(ispe + 12) === HEIC_SIZE.width && bytes.readUInt32BE(ispe + 16) === HEIC_SIZE.height) {
      bytes.writeUInt32BE(width, ispe + 12);
      bytes.writeUInt32BE(height, ispe + 16);
      patched++;
    }
  }
  if (patched !== 1) throw new Error("The fixture's image size was not found once");
  return bytes;
}

/** The fixture cut after `fraction` of its bytes, as an interrupted upload would leave it. */
export async function truncatedHeic(fraction = 0.5): Promise<Buffer> {
  const bytes = await heicBytes();
  return bytes.subarray(0, Math.floor(bytes.length * fraction));
}

/**
 * Where the photo's purple flower sits, as fractions of the image (the centre
 * of its strongly purple pixels): in the upright fixture it is low and left.
 */
export async function flowerCentre(image: Buffer): Promise<{ x: number; y: number }> {
  const { data, info } = await sharp(image)
    .resize(128, 128, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sumX = 0;
  let sumY = 0;
  let count = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (b > 140 && r > 90 && g < 0.7 * Math.min(r, b)) {
        sumX += x;
        sumY += y;
        count++;
      }
    }
  }
  if (count < 50) throw new Error(`Too few flower pixels (${count}) to say where the flower is`);
  return { x: sumX / count / info.width, y: sumY / count / info.height };
}
