// A 24-megapixel camera JPEG for the processing benchmark: photographic-looking
// content (gradients and grain, so it compresses like a photo, not like a flat
// fill) with real EXIF, GPS and an orientation tag written by exiftool.
import fs from "node:fs/promises";
import path from "node:path";
import { ExifTool } from "exiftool-vendored";
import sharp from "sharp";

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
  const exiftool = new ExifTool({ maxProcs: 1 });
  try {
    await exiftool.write(
      file,
      {
        Make: "NIKON CORPORATION",
        Model: "NIKON Z 6_2",
        LensModel: "NIKKOR Z 28mm f/2.8",
        FocalLength: "28",
        FNumber: 5.6,
        ExposureTime: "1/500",
        ISO: 200,
        DateTimeOriginal: "2026:05:17 18:04:11",
        OffsetTimeOriginal: "-07:00",
        GPSLatitude: 37.7793,
        GPSLatitudeRef: "N",
        GPSLongitude: 122.4193,
        GPSLongitudeRef: "W",
        "Orientation#": 6,
      } as never,
      { writeArgs: ["-overwrite_original"] },
    );
  } finally {
    await exiftool.end();
  }
  return file;
}

export const fileSize = async (file: string) => (await fs.stat(file)).size;
