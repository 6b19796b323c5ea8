// A competition's original files in one zip, one folder per category, each
// named by its entry number and title ('Colour/07 - Doorway.jpg'), never by its
// author. Streamed: each original is read from storage when the archive reaches
// it (yazl's lazy entries), stored without compression (photos are compressed
// already), so 60 entries of 12 MB never sit in memory. Every entry carries the
// competition's start as its time, so the archive says nothing of when anyone
// uploaded.
import path from "node:path";
import { Readable } from "node:stream";
import { eq, inArray } from "drizzle-orm";
import { ZipFile } from "yazl";
import { db } from "@db/client.server";
import { assets, photos, type MeetingRow } from "@db/schema";
import { entryFileName } from "~/lib/competitions";
import { meetingTitle } from "~/lib/meetings";
import { storage } from "~/storage/storage.server";
import { competitionEntries } from "./judging.server";

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/tiff": "tif",
  "image/heic": "heic",
  "image/heif": "heif",
};

/** The original's extension: its file name's when it is a plain one, else its type's. */
function extensionOf(filename: string, contentType: string): string {
  const own = path.extname(filename).slice(1).toLowerCase();
  return /^[a-z0-9]{1,5}$/.test(own) ? own : (EXTENSIONS[contentType] ?? "bin");
}

/** The archive's file name: the competition's title, made safe for a header. */
export function originalsFileName(meeting: MeetingRow): string {
  const title = meetingTitle(meeting.topic)
    .replace(/[^\p{L}\p{N} ._-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return `${title || "Competition"} - originals.zip`;
}

/** The zip of the competition's originals, as a stream; the caller answers with it. */
export async function originalsZip(meeting: MeetingRow): Promise<Readable> {
  const entries = await competitionEntries(meeting.id);
  const originals = entries.length
    ? await db()
        .select({ photoId: photos.id, key: assets.key, filename: assets.filename, contentType: assets.contentType })
        .from(photos)
        .innerJoin(assets, eq(assets.id, photos.originalAssetId))
        .where(
          inArray(
            photos.id,
            entries.map((entry) => entry.photoId),
          ),
        )
    : [];
  const byPhoto = new Map(originals.map((original) => [original.photoId, original]));
  const zip = new ZipFile();
  for (const entry of entries) {
    const original = byPhoto.get(entry.photoId);
    if (!original) continue;
    const name = entryFileName(
      entry.categoryName,
      entry.number,
      entry.title,
      extensionOf(original.filename, original.contentType),
    );
    zip.addReadStreamLazy(name, { compress: false, mtime: meeting.startsAt }, (done) => {
      storage()
        .read(original.key)
        .then((object) =>
          done(
            object ? null : new Error(`The original of entry ${entry.number} is missing`),
            object?.stream ?? Readable.from([]),
          ),
        )
        .catch((error: unknown) => done(error, Readable.from([])));
    });
  }
  const output = zip.outputStream as Readable;
  // A storage failure halfway cuts the download short rather than ending a zip that looks whole.
  zip.on("error", (error: Error) => output.destroy(error));
  zip.end();
  return output;
}
