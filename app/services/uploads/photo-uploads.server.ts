// POST /api/photos (and, later, meeting submissions): a member's finished upload
// becomes a photo. The photo row is written last, in one statement, after every
// stored size exists; a refusal at any step removes the upload and its sizes.
import { z } from "zod";
import { db, type Transaction } from "@db/client.server";
import { assets, photos } from "@db/schema";
import { fieldErrorsFromZod } from "~/lib/field-errors";
import { ValidationError } from "~/server/http.server";
import { LICENSE_VALUES } from "~/lib/licenses";
import { PHOTO_SIZES } from "~/images/derivatives.server";
import { newOriginalKey } from "~/storage/keys.server";
import { storage } from "~/storage/storage.server";
import { type AssetRow, claimUpload, discardUpload } from "./assets.server";
import { processImage } from "./image-processing.server";

export const NewPhotoSchema = z.object({
  filename: z.string().trim().min(1, "Filename is required.").max(255, "Filename is too long."),
  file: z.string({ error: "File is required." }).min(1, "File is required."),
  license: z.enum(LICENSE_VALUES, { error: "License is not one of the choices." }).nullish(),
  acquireLicensePage: z
    .url({ protocol: /^https?$/, error: "Acquire license page must be a web address." })
    .nullish()
    .or(z.literal("")),
});

type PhotoOwner = { id: number; license: string; acquireLicensePage: string | null };

/**
 * Creates a photo from an upload. `insert` lets a caller (a meeting submission)
 * add its own rows in the same transaction as the photo.
 */
export async function createPhotoFromUpload(
  member: PhotoOwner,
  input: unknown,
  insert?: (tx: Transaction, photoId: number) => Promise<void>,
): Promise<number> {
  const parsed = NewPhotoSchema.safeParse(input);
  if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
  const { file, ...details } = parsed.data;
  const asset = await claimUpload(member.id, file, "file");
  return photoFromAsset(member, asset, details, insert);
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
  details: Omit<z.infer<typeof NewPhotoSchema>, "file">,
  insert?: (tx: Transaction, photoId: number) => Promise<void>,
): Promise<number> {
  let derived: string[] = [];
  try {
    const image = await processImage(asset.key, PHOTO_SIZES, { field: "file", readFacts: true });
    derived = Object.values(image.keys);
    return await db().transaction(async (tx) => {
      const [photo] = await tx
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
      if (insert) await insert(tx, photo!.id);
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
