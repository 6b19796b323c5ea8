// Profile pictures (spec "Picture input"): one image per member, uploaded through
// the direct-upload flow and stored as a small square thumbnail and a larger size,
// metadata stripped. `picture` in the user JSON is a stable signed id of the
// current picture, so a form that sends the whole user back changes nothing.
import { eq } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { assets, users } from "@db/schema";
import { PICTURE_SIZES } from "~/images/derivatives.server";
import { canSeeMember, type ViewerRef } from "~/services/access.server";
import { NotFoundError } from "~/services/errors.server";
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
 * What a picture change leaves to do once its transaction is over: stored files
 * cannot be rolled back, so the replaced picture's files go only after the
 * commit, and a new picture's files go if the transaction rolled back.
 */
export type PictureChange = { afterCommit(): Promise<void>; afterRollback(): Promise<void> };

const NOTHING_LEFT: PictureChange = { afterCommit: async () => {}, afterRollback: async () => {} };

/**
 * The `picture` field of a profile update for member `userId`, sent by `actorId`
 * (the member, or an admin who uploaded the file), inside the caller's
 * transaction: undefined keeps the picture, null or "" removes it, the current
 * signed id keeps it, and a new upload replaces it.
 */
export async function changePicture(
  userId: number,
  picture: string | null | undefined,
  actorId = userId,
): Promise<PictureChange> {
  if (picture === undefined) return NOTHING_LEFT;
  const [member] = await db().select({ pictureAssetId: users.pictureAssetId }).from(users).where(eq(users.id, userId));
  if (!member) throw new NotFoundError("Member not found.");
  const current = member.pictureAssetId;
  const replaced: PictureChange = {
    afterCommit: async () => {
      if (current) await forgetPicture(current);
    },
    afterRollback: async () => {},
  };

  if (picture === null || picture === "") {
    if (!current) return NOTHING_LEFT;
    await db().update(users).set({ pictureAssetId: null, updatedAt: new Date() }).where(eq(users.id, userId));
    return replaced;
  }
  const echoed = verifySignedId(picture, "picture");
  if (echoed.ok && echoed.assetId === current) return NOTHING_LEFT;

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
  return { ...replaced, afterRollback: () => discardUpload(asset, derived) };
}

/** A picture change on its own (its own transaction, then the files' clean-up). */
export async function applyPictureChange(userId: number, picture: string | null | undefined, actorId = userId) {
  let change: PictureChange | undefined;
  try {
    await transaction(async () => {
      change = await changePicture(userId, picture, actorId);
    });
  } catch (error) {
    await change?.afterRollback().catch(() => {});
    throw error;
  }
  await change?.afterCommit();
}

/**
 * The stored key of a picture size, when the viewer may see the member it
 * belongs to (canSeeMember); `visibleToVisitors` says whether caches may share it.
 */
export async function pictureForViewer(viewer: ViewerRef, assetId: number, size: DerivedSize) {
  const [row] = await db()
    .select({ key: assets.key, isPublic: users.isPublic, deactivatedAt: users.deactivatedAt })
    .from(users)
    .innerJoin(assets, eq(users.pictureAssetId, assets.id))
    .where(eq(assets.id, assetId));
  if (!row || !canSeeMember(viewer, row)) return null;
  return { key: derivedKey(row.key, size, "webp"), visibleToVisitors: canSeeMember(null, row) };
}
