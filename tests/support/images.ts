// Generated test images with real EXIF written by exiftool: GPS, camera,
// exposure, a time zone and an orientation tag, so tests can prove what the
// pipeline keeps, what it drops, and that it turns the picture upright.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ExifTool } from "exiftool-vendored";
import sharp from "sharp";

/** A 600x400 JPEG: left half red, right half blue (so rotation can be seen). */
async function halvesJpeg(file: string) {
  const red = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  const blue = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#0000ff" } })
    .png()
    .toBuffer();
  await sharp({ create: { width: 600, height: 400, channels: 3, background: "#000000" } })
    .composite([
      { input: red, left: 0, top: 0 },
      { input: blue, left: 300, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .toFile(file);
}

/** Writes what a camera records into a JPEG in place: GPS, camera and exposure EXIF, a +02:00 time zone, orientation 6. */
export async function writeCameraTags(file: string, tags: Record<string, unknown> = {}) {
  const exiftool = new ExifTool({ maxProcs: 1 });
  try {
    await exiftool.write(
      file,
      {
        Make: "Canon",
        Model: "Canon EOS R5",
        LensModel: "RF35mm F1.8 MACRO IS STM",
        FocalLength: "35",
        FNumber: 2.8,
        ExposureTime: "1/250",
        ISO: 400,
        DateTimeOriginal: "2024:06:01 14:30:00",
        OffsetTimeOriginal: "+02:00",
        GPSLatitude: 43.4674,
        GPSLatitudeRef: "N",
        GPSLongitude: 11.8851,
        GPSLongitudeRef: "E",
        "Orientation#": 6,
        ...tags,
      } as never,
      { writeArgs: ["-overwrite_original"] },
    );
  } finally {
    await exiftool.end();
  }
}

export type CameraFile = { path: string; bytes: Buffer; cleanup: () => Promise<void> };

/** A JPEG carrying GPS, camera EXIF, a +02:00 time zone and EXIF orientation 6 (rotate 90° clockwise). */
export async function cameraJpeg(tags: Record<string, unknown> = {}): Promise<CameraFile> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "club-image-"));
  const file = path.join(dir, "camera.jpg");
  await halvesJpeg(file);
  await writeCameraTags(file, tags);
  return { path: file, bytes: await fs.readFile(file), cleanup: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** The colour at a fraction of an image's width and height. */
export async function colourAt(image: Buffer, fx: number, fy: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const x = Math.min(info.width - 1, Math.floor(info.width * fx));
  const y = Math.min(info.height - 1, Math.floor(info.height * fy));
  const i = (y * info.width + x) * info.channels;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
}
