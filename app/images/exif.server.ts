// EXIF through exiftool-vendored: a few long-lived exiftool processes for the
// whole server (spawning perl per photo would cost more than the resize), ended
// on shutdown. Only the contract's subset is kept; GPS and everything else stays out
// of the database.
//
// A photo's metadata is untrusted input to a Perl program, so each read is
// bounded: the file's metadata is measured first in every format
// (embedded-metadata.server.ts), exiftool is asked for the few tags the site
// reads and no others (READ_ARGS: it then skips the rest, and what comes back
// is a few hundred bytes of JSON, never megabytes for Node to parse on its
// event loop), every exiftool process runs under a memory ceiling (ulimit -v)
// and every read under a time limit, and reads happen in image-processing
// turns (processing-gate.server.ts), so one member's files cannot hold up
// everyone else's. A file that exceeds a bound is refused (422), not stored
// without its details.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import {
  DefaultExiftoolArgs,
  ExifDateTime,
  ExifTool,
  exiftoolPath,
  type ExifToolOptions,
  type Tags,
} from "exiftool-vendored";
import type { ExifField, PhotoMetadata } from "@db/schema";
import { env } from "~/env.server";
import { apertureDescription, exposureDescription, focalLengthDescription } from "~/lib/exif-descriptions";
import { InvalidError } from "~/services/errors.server";
import { checkEmbeddedMetadata, ImageMetadataTooLargeError } from "./embedded-metadata.server";
import { inImageTurn, withinImageTurn } from "./processing-gate.server";

type ExifReader = { tool: ExifTool };

const globalForExif = globalThis as typeof globalThis & { __clubExiftool?: ExifReader };

/**
 * How an exiftool process ends with the server, even when the server is killed
 * (kill -9, the OOM killer, a power-cut restart of the container): exiftool's
 * `-stay_open` keeps polling its closed stdin, so it would run on for good.
 * With util-linux's setpriv (every Debian), the kernel sends it SIGKILL when
 * its parent dies (PR_SET_PDEATHSIG); elsewhere a watchdog beside it checks
 * every two seconds that the parent is alive and kills it once it is not.
 */
export const EXIFTOOL_LAUNCHER = [
  'limit=$0; guard=$1; shift; ulimit -v "$limit" || exit 1',
  'if [ -n "$guard" ]; then exec "$guard" --pdeathsig KILL perl "$@"; fi',
  "parent=$PPID",
  '( while kill -0 "$parent" && kill -0 $$; do sleep 2; done 2>/dev/null; kill -0 "$parent" 2>/dev/null || kill -9 $$ ) </dev/null >/dev/null 2>&1 &',
  'exec perl "$@"',
].join("\n");

export const parentDeathGuard = () =>
  process.platform === "linux" ? (["/usr/bin/setpriv", "/bin/setpriv"].find((file) => existsSync(file)) ?? "") : "";

/**
 * Starts each exiftool process under `ulimit -v`, so a file that makes it grow
 * kills only that process, and so that it dies with the server (EXIFTOOL_LAUNCHER).
 */
function boundedProcesses(maxMemoryMb: number): Partial<ExifToolOptions> {
  if (process.platform === "win32") return {};
  const guard = parentDeathGuard();
  return {
    processFactory: async () =>
      spawn(
        "/bin/sh",
        ["-c", EXIFTOOL_LAUNCHER, String(maxMemoryMb * 1024), guard, await exiftoolPath(), ...DefaultExiftoolArgs],
        {
          stdio: "pipe",
          shell: false,
          detached: false,
          env: { LANG: "C", ...(process.env.EXIFTOOL_HOME ? { EXIFTOOL_HOME: process.env.EXIFTOOL_HOME } : {}) },
        },
      ),
  };
}

function exifReader(): ExifReader {
  if (!globalForExif.__clubExiftool) {
    const config = env();
    const tool = new ExifTool({
      ...boundedProcesses(config.EXIFTOOL_MAX_MEMORY_MB),
      maxProcs: config.EXIFTOOL_PROCS,
      taskTimeoutMillis: config.EXIFTOOL_TIMEOUT_MS,
      // A file that timed out or ran out of memory would only do it again.
      taskRetries: 0,
    });
    globalForExif.__clubExiftool = { tool };
  }
  return globalForExif.__clubExiftool;
}

/** Starts exiftool and says which version runs; fails when it cannot (no perl, say). */
export async function exiftoolVersion(): Promise<string> {
  return exifReader().tool.version();
}

export async function closeExiftool() {
  const running = globalForExif.__clubExiftool;
  globalForExif.__clubExiftool = undefined;
  await running?.tool.end();
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

/** The file was too much for exiftool's bounds: refused, as a 422 on `field`. */
export class ImageMetadataRefusedError extends InvalidError {
  constructor(field: string, message: string) {
    super([{ path: field, message }]);
    this.name = "ImageMetadataRefusedError";
  }
}

/** exiftool gave up on the file itself (time or memory), rather than finding it broken. */
const exceededBounds = (error: unknown) =>
  /^timeout|terminated before task completed|out of memory|exited|ENOMEM/i.test(String((error as Error)?.message));

/**
 * The tags the site reads (exifSubset, takenAtOf), and those exiftool-vendored
 * needs to give a date its zone and sub-seconds (the offsets, the GPS time and
 * place it infers a zone from, the other capture dates).
 */
const READ_TAGS = [
  ...["Make", "Model", "LensModel", "Lens", "FocalLength", "FNumber", "ExposureTime", "ShutterSpeedValue", "ISO"],
  ...["DateTimeOriginal", "CreateDate", "SubSecDateTimeOriginal", "SubSecCreateDate", "SubSecTimeOriginal"],
  ...["SubSecTimeDigitized", "SubSecTime", "MediaCreateDate", "CreationDate", "DateTimeCreated", "TimeCreated"],
  ...["TimeZone", "OffsetTime", "OffsetTimeOriginal", "OffsetTimeDigitized", "TimeZoneOffset", "GeolocationTimeZone"],
  ...["GPSLatitude", "GPSLatitudeRef", "GPSLongitude", "GPSLongitudeRef", "GPSPosition", "GPSDateTime"],
  ...["GPSDateStamp", "GPSTimeStamp", "DateTimeUTC", "SonyDateTime2", "TimeStamp", "MIMEType"],
];

/**
 * exiftool ignores every tag but READ_TAGS (IgnoreTags=All keeps it from even
 * holding the others: 45 MB of XMP is skipped in milliseconds, not parsed for
 * 40 s and printed as 45 MB of JSON), and cuts any value past 1,000 characters
 * (a camera's name is never longer), so its answer stays small.
 */
const READ_ARGS = [
  "-fast",
  ...["-api", "IgnoreTags=All", "-api", `RequestTags=${READ_TAGS.join(",")}`],
  ...["-api", "Filter=$_ = substr($_, 0, 1000) if length($_) > 1000"],
];

/**
 * exiftool's tags for a file (READ_TAGS only), read within the time and memory
 * bounds, in the caller's image-processing turn, else in one of `owner`'s (without
 * one, the gate's: the request's client address, processing-gate.server.ts).
 * Rejects as exiftool does: a timeout, a killed process or an unreadable file.
 */
export function readTags(file: string, owner?: string): Promise<Tags> {
  const read = () => exifReader().tool.read(file, { readArgs: READ_ARGS });
  return owner === undefined ? withinImageTurn(read) : inImageTurn(owner, read);
}

/**
 * Reads the photo's metadata once; a file with broken EXIF still gives what can
 * be read. A file whose metadata is over the limit, or that exiftool cannot read
 * within its time and memory, is refused (ImageMetadataRefusedError on `field`).
 */
export async function readPhotoFacts(
  file: string,
  options: { field?: string; owner?: string } = {},
): Promise<PhotoFacts> {
  const field = options.field ?? "file";
  const limit = env().IMAGE_METADATA_MAX_BYTES;
  try {
    await checkEmbeddedMetadata(file, limit);
  } catch (error) {
    if (error instanceof ImageMetadataTooLargeError) {
      throw new ImageMetadataRefusedError(
        field,
        `The image carries more embedded metadata (text, colour profile) than the ${Math.round(limit / (1024 * 1024))} MB allowed.`,
      );
    }
    throw error;
  }
  let tags: Tags;
  try {
    tags = await readTags(file, options.owner);
  } catch (error) {
    if (exceededBounds(error)) {
      throw new ImageMetadataRefusedError(field, "The image's metadata took too long or too much memory to read.");
    }
    return { takenAt: null, takenAtOffset: null, metadata: {} };
  }
  return { ...takenAtOf(tags), metadata: { exif: exifSubset(tags) } };
}
