// POST /api/photos (and, later, meeting submissions): a member's finished upload
// becomes a photo. The photo row is written last, in one statement, after every
// stored size exists; a refusal at any step removes the upload and its sizes.
import { db, transaction } from "@db/client.server";
import { assets, photos } from "@db/schema";
import type { NewPhoto } from "~/lib/photo-schemas";
import { PHOTO_SIZES } from "~/images/derivatives.server";
import { inImageTurn } from "~/images/processing-gate.server";
import { newOriginalKey } from "~/storage/keys.server";
import { storage } from "~/storage/storage.server";
import { type AssetRow, claimUpload, discardUpload } from "./assets.server";
import { processImage } from "./image-processing.server";

type PhotoOwner = { id: number; license: string; acquireLicensePage: string | null };

/** What a caller writes beside the new photo, in the photo's transaction (its `db()` calls join it). */
export type AlongsidePhoto = (photoId: number) => Promise<void>;

/**
 * Creates a photo from an upload. `alongside` lets a caller (a meeting
 * submission) add its own rows in the same transaction as the photo.
 */
export async function createPhotoFromUpload(
  member: PhotoOwner,
  input: NewPhoto,
  alongside?: AlongsidePhoto,
): Promise<number> {
  const { file, ...details } = input;
  // The turn comes first: a member told the server is busy still has the upload as it was.
  return inImageTurn(member.id, async () => {
    const asset = await claimUpload(member.id, file, "file");
    return photoFromAsset(member, asset, details, alongside);
  });
}

/**
 * Stores an original the server itself has (the demo seed), as a claimed asset,
 * and makes it a photo through the same pipeline as an upload.
 */
export async function importPhoto(member: PhotoOwner, bytes: Buffer, filename: string, contentType: string) {
  const [asset] = await db()
    .insert(assets)
    .values({
      key: newOriginalKey(),
      filename,
      contentType,
      byteSize: bytes.length,
      createdById: member.id,
      uploadedAt: new Date(),
      attachedAt: new Date(),
    })
    .returning();
  await storage().put(asset!.key, bytes, { contentType, size: bytes.length });
  return photoFromAsset(member, asset!, { filename });
}

async function photoFromAsset(
  member: PhotoOwner,
  asset: AssetRow,
  details: Omit<NewPhoto, "file">,
  alongside?: AlongsidePhoto,
): Promise<number> {
  let derived: string[] = [];
  try {
    // The slow part (decoding, storing every size) runs before the transaction opens.
    const image = await processImage(asset.key, PHOTO_SIZES, { field: "file", readFacts: true });
    derived = Object.values(image.keys);
    return await transaction(async () => {
      const [photo] = await db()
        .insert(photos)
        .values({
          userId: member.id,
          originalAssetId: asset.id,
          filename: details.filename,
          // New photos take the owner's defaults unless the upload names its own.
          license: details.license ?? member.license,
          acquireLicensePage: details.acquireLicensePage || member.acquireLicensePage,
          thumbKey: image.keys.thumb,
          largeKey: image.keys.large,
          width: image.width,
          height: image.height,
          takenAt: image.facts?.takenAt ?? null,
          takenAtOffset: image.facts?.takenAtOffset ?? null,
          metadata: image.facts?.metadata ?? {},
        })
        .returning({ id: photos.id });
      await alongside?.(photo!.id);
      return photo!.id;
    });
  } catch (error) {
    await discardUpload(asset, derived).catch(() => {});
    throw error;
  }
}

/** Every stored object of a photo: remove them when the photo is deleted. */
export function photoStorageKeys(
  photo: { thumbKey: string | null; largeKey: string | null },
  originalKey: string,
): string[] {
  return [originalKey, photo.thumbKey, photo.largeKey].filter((key): key is string => Boolean(key));
}
