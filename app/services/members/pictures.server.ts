// Profile pictures: one image per member, uploaded through
// the direct-upload flow and stored as a small square thumbnail and a larger size,
// metadata stripped. `picture` in the user JSON is a stable signed id of the
// current picture, so a form that sends the whole user back changes nothing.
import { eq } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { assets, users } from "@db/schema";
import { PICTURE_SIZES } from "~/images/derivatives.server";
import { canSeeMember, type ViewerRef } from "~/services/access.server";
import { inImageTurn } from "~/images/processing-gate.server";
import { InvalidError, NotFoundError } from "~/services/errors.server";
import { derivedKey, type DerivedSize } from "~/storage/keys.server";
import { type AssetRow, claimUpload, discardUpload } from "~/services/uploads/assets.server";
import { processImage } from "~/services/uploads/image-processing.server";
import { verifySignedId } from "~/services/uploads/signed-ids.server";

const pictureKeys = (originalKey: string) => PICTURE_SIZES.map((spec) => derivedKey(originalKey, spec.size, "webp"));

async function forgetPicture(assetId: number) {
  const [asset] = await db().select().from(assets).where(eq(assets.id, assetId));
  if (asset) await discardUpload(asset, pictureKeys(asset.key));
}

/** What a picture change leaves to do once its transaction has committed: the replaced picture's files go. */
export type PictureChange = { afterCommit(): Promise<void> };

const NOTHING_LEFT: PictureChange = { afterCommit: async () => {} };

/**
 * The `picture` field of a profile update, read before its transaction:
 * undefined keeps the picture, null or "" removes it, a signed id of a current
 * picture is an echo, and a new upload is made into its sizes here.
 */
export type PreparedPicture =
  | { kind: "unchanged" }
  | { kind: "remove" }
  | { kind: "echo"; assetId: number }
  | { kind: "new"; asset: AssetRow; derived: string[] };

/**
 * Prepares a picture change sent by `actorId` (the member, or an admin who
 * uploaded the file). A new upload is claimed and decoded in an
 * image-processing turn of the actor's (processing-gate.server.ts) and before
 * any transaction opens: decoding takes seconds and memory, and a transaction
 * held open meanwhile kept a database connection (on the embedded database,
 * every page) waiting. Pass the result to changePicture inside the transaction,
 * and to discardPicture if that transaction does not commit.
 */
export async function preparePicture(picture: string | null | undefined, actorId: number): Promise<PreparedPicture> {
  if (picture === undefined) return { kind: "unchanged" };
  if (picture === null || picture === "") return { kind: "remove" };
  const echoed = verifySignedId(picture, "picture");
  if (echoed.ok) return { kind: "echo", assetId: echoed.assetId };
  return inImageTurn(actorId, async () => {
    const asset = await claimUpload(actorId, picture, "picture");
    try {
      const image = await processImage(asset.key, PICTURE_SIZES, { field: "picture", readFacts: false });
      return { kind: "new", asset, derived: Object.values(image.keys) };
    } catch (error) {
      await discardUpload(asset).catch(() => {});
      throw error;
    }
  });
}

/** A prepared new picture whose change was not written: its upload and sizes go. */
export async function discardPicture(prepared: PreparedPicture): Promise<void> {
  if (prepared.kind === "new") await discardUpload(prepared.asset, prepared.derived);
}

/**
 * Writes a prepared picture change for member `userId`, inside the caller's
 * (short) transaction: the echoed current id keeps the picture, and the
 * replaced picture's files go only after the commit (stored files cannot be
 * rolled back).
 */
export async function changePicture(userId: number, prepared: PreparedPicture): Promise<PictureChange> {
  if (prepared.kind === "unchanged") return NOTHING_LEFT;
  const [member] = await db().select({ pictureAssetId: users.pictureAssetId }).from(users).where(eq(users.id, userId));
  if (!member) throw new NotFoundError("Member not found.");
  const current = member.pictureAssetId;
  const replaced: PictureChange = {
    afterCommit: async () => {
      if (current) await forgetPicture(current);
    },
  };
  if (prepared.kind === "echo") {
    if (prepared.assetId === current) return NOTHING_LEFT;
    // A picture's id that is not the current one is no upload either.
    throw InvalidError.field("picture", "The upload is not valid.");
  }
  if (prepared.kind === "remove" && !current) return NOTHING_LEFT;
  const pictureAssetId = prepared.kind === "new" ? prepared.asset.id : null;
  await db().update(users).set({ pictureAssetId, updatedAt: new Date() }).where(eq(users.id, userId));
  return replaced;
}

/** A picture change on its own: made first, then written in its own short transaction. */
export async function applyPictureChange(userId: number, picture: string | null | undefined, actorId = userId) {
  const prepared = await preparePicture(picture, actorId);
  let change: PictureChange | undefined;
  try {
    await transaction(async () => {
      change = await changePicture(userId, prepared);
    });
  } catch (error) {
    await discardPicture(prepared).catch(() => {});
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
