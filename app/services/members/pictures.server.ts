// Profile pictures (spec "Picture input"): one image per member, uploaded through
// the direct-upload flow and stored as a small square thumbnail and a larger size,
// metadata stripped. `picture` in the user JSON is a stable signed id of the
// current picture, so a form that sends the whole user back changes nothing.
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { assets, users } from "@db/schema";
import { PICTURE_SIZES } from "~/images/derivatives.server";
import { HttpError } from "~/server/http.server";
import { derivedKey, type DerivedSize } from "~/storage/keys.server";
import { claimUpload, discardUpload } from "~/services/uploads/assets.server";
import { processImage } from "~/services/uploads/image-processing.server";
import { signAssetId, verifySignedId } from "~/services/uploads/signed-ids.server";

export type PictureFields = { picture: string | null; pictureUrl: string | null; pictureThumbUrl: string | null };

export function pictureFields(pictureAssetId: number | null): PictureFields {
  if (!pictureAssetId) return { picture: null, pictureUrl: null, pictureThumbUrl: null };
  return {
    picture: signAssetId(pictureAssetId, "picture"),
    pictureUrl: `/media/pictures/${pictureAssetId}/large`,
    pictureThumbUrl: `/media/pictures/${pictureAssetId}/thumb`,
  };
}

const pictureKeys = (originalKey: string) => PICTURE_SIZES.map((spec) => derivedKey(originalKey, spec.size, "webp"));

async function forgetPicture(assetId: number) {
  const [asset] = await db().select().from(assets).where(eq(assets.id, assetId));
  if (asset) await discardUpload(asset, pictureKeys(asset.key));
}

/**
 * Applies the `picture` field of a profile update for member `userId`, sent by
 * `actorId` (the member, or an admin who uploaded the file): undefined keeps the
 * picture, null or "" removes it, the current signed id keeps it, and a new
 * upload replaces it.
 */
export async function applyPictureChange(userId: number, picture: string | null | undefined, actorId = userId) {
  if (picture === undefined) return;
  const [member] = await db().select({ pictureAssetId: users.pictureAssetId }).from(users).where(eq(users.id, userId));
  if (!member) throw new HttpError(404, "Member not found.");
  const current = member.pictureAssetId;

  if (picture === null || picture === "") {
    if (!current) return;
    await db().update(users).set({ pictureAssetId: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await forgetPicture(current);
    return;
  }
  const echoed = verifySignedId(picture, "picture");
  if (echoed.ok && echoed.assetId === current) return;

  const asset = await claimUpload(actorId, picture, "picture");
  let derived: string[] = [];
  try {
    const image = await processImage(asset.key, PICTURE_SIZES, { field: "picture", readFacts: false });
    derived = Object.values(image.keys);
    await db().update(users).set({ pictureAssetId: asset.id, updatedAt: new Date() }).where(eq(users.id, userId));
  } catch (error) {
    await discardUpload(asset, derived).catch(() => {});
    throw error;
  }
  if (current) await forgetPicture(current);
}

/** The stored key of a picture size, with whose picture it is (for the media route's visibility check). */
export async function pictureObject(assetId: number, size: DerivedSize) {
  const [row] = await db()
    .select({ key: assets.key, isPublic: users.isPublic, deactivatedAt: users.deactivatedAt })
    .from(users)
    .innerJoin(assets, eq(users.pictureAssetId, assets.id))
    .where(eq(assets.id, assetId));
  if (!row) return null;
  return { key: derivedKey(row.key, size, "webp"), visibleToVisitors: row.isPublic && !row.deactivatedAt };
}
