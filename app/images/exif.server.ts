// EXIF through exiftool-vendored: ONE long-lived exiftool process for the whole
// server (spawning perl per photo would cost more than the resize), ended on shutdown.
// Only the spec's subset is kept; GPS and everything else stays out of the database.
import { ExifDateTime, ExifTool, type Tags } from "exiftool-vendored";
import type { ExifField, PhotoMetadata } from "@db/schema";
import { apertureDescription, exposureDescription, focalLengthDescription } from "~/lib/exif-descriptions";

const globalForExif = globalThis as typeof globalThis & { __clubExiftool?: ExifTool };

function exiftool(): ExifTool {
  globalForExif.__clubExiftool ??= new ExifTool({ maxProcs: 1, taskTimeoutMillis: 20_000 });
  return globalForExif.__clubExiftool;
}

/** Starts exiftool and says which version runs; fails when it cannot (no perl, say). */
export async function exiftoolVersion(): Promise<string> {
  return exiftool().version();
}

export async function closeExiftool() {
  const running = globalForExif.__clubExiftool;
  globalForExif.__clubExiftool = undefined;
  await running?.end();
}

export type PhotoFacts = {
  takenAt: Date | null;
  /** The camera's UTC offset ('+02:00'); null when the file does not say. */
  takenAtOffset: string | null;
  metadata: PhotoMetadata;
};

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
};

/** takenAt from the original date-time; without a zone it is read as UTC wall time. */
function takenAtOf(tags: Tags): Pick<PhotoFacts, "takenAt" | "takenAtOffset"> {
  const original = tags.DateTimeOriginal ?? tags.CreateDate;
  if (!(original instanceof ExifDateTime)) return { takenAt: null, takenAtOffset: null };
  if (original.hasZone && original.tzoffsetMinutes !== undefined) {
    return { takenAt: original.toDate(), takenAtOffset: offsetText(original.tzoffsetMinutes) };
  }
  const { year, month, day, hour, minute, second, millisecond } = original;
  return {
    takenAt: new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond ?? 0)),
    takenAtOffset: null,
  };
}

const numberFrom = (value: unknown): number | null => {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value !== "string") return null;
  const fraction = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)/.exec(value);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  const plain = Number.parseFloat(value);
  return Number.isFinite(plain) ? plain : null;
};

const text = (value: unknown): ExifField | undefined =>
  typeof value === "string" && value.trim() ? { value: value.trim(), description: value.trim() } : undefined;

const measured = (value: unknown, describe: (n: number) => string): ExifField | undefined => {
  const n = numberFrom(value);
  return n === null || n <= 0 ? undefined : { value: n, description: describe(n) };
};

function exifSubset(tags: Tags): NonNullable<PhotoMetadata["exif"]> {
  const exif: NonNullable<PhotoMetadata["exif"]> = {
    Make: text(tags.Make),
    Model: text(tags.Model),
    LensModel: text(tags.LensModel ?? tags.Lens),
    FocalLength: measured(tags.FocalLength, focalLengthDescription),
    FNumber: measured(tags.FNumber, apertureDescription),
    // The exposure time is exact; ShutterSpeedValue is its rounded APEX twin.
    ShutterSpeedValue: measured(tags.ExposureTime ?? tags.ShutterSpeedValue, exposureDescription),
    ISOSpeedRatings: measured(tags.ISO, (n) => String(Math.round(n))),
  };
  for (const key of Object.keys(exif) as (keyof typeof exif)[]) if (!exif[key]) delete exif[key];
  return exif;
}

/** Reads the photo's metadata once; a file with broken EXIF still gives what can be read. */
export async function readPhotoFacts(file: string): Promise<PhotoFacts> {
  let tags: Tags;
  try {
    tags = await exiftool().read(file);
  } catch {
    return { takenAt: null, takenAtOffset: null, metadata: {} };
  }
  return { ...takenAtOf(tags), metadata: { exif: exifSubset(tags) } };
}
