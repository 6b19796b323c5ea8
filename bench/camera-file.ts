// A 24-megapixel camera JPEG for the processing benchmark: photographic-looking
// content (gradients and grain, so it compresses like a photo, not like a flat
// fill) with the test suite's camera EXIF, GPS and orientation tag (exiftool).
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { writeCameraTags } from "../tests/support/images";

export async function make24MegapixelJpeg(dir: string): Promise<string> {
  const file = path.join(dir, "DSC_24MP.jpg");
  const width = 6000;
  const height = 4000;
  const base = await sharp({
    create: { width, height, channels: 3, background: "#6a7f95", noise: { type: "gaussian", mean: 110, sigma: 40 } },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  // A diagonal light falloff over the grain, like a street scene's sky to shadow.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const light = 0.55 + 0.45 * Math.cos(((x + y) / (width + height)) * Math.PI);
      base[i] = Math.min(255, base[i]! * light + 30);
      base[i + 1] = Math.min(255, base[i + 1]! * light + 20);
      base[i + 2] = Math.min(255, base[i + 2]! * light);
    }
  }
  await sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toFile(file);
  await writeCameraTags(file);
  return file;
}

export const fileSize = async (file: string) => (await fs.stat(file)).size;
