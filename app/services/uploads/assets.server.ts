// Uploaded blobs (docs/product.md, Upload blob): announced by POST /api/assets, filled by a
// direct PUT (presigned MinIO, or the app's own endpoint on local disk: local-uploads.server.ts), then
// claimed once by the member who announced them, for a photo or a picture.
import { and, eq, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { databaseHandle, db, inTransaction, transaction } from "@db/client.server";
import { assets, photos, storageRemovals, users } from "@db/schema";
import { env } from "~/env.server";
import type { AnnouncedBlob, DirectUploadResponse } from "~/lib/upload-schemas";
import { InvalidError } from "~/services/errors.server";
import { derivedKey, type DerivedSize, newOriginalKey } from "~/storage/keys.server";
import { recordRemovals, removeRecorded, removeStoredObjects } from "~/storage/removals.server";
import { storage } from "~/storage/storage.server";
import { signAssetId, verifySignedId } from "./signed-ids.server";
import { countAnnouncement, withinPendingBytes } from "./upload-quota.server";

export type AssetRow = typeof assets.$inferSelect;

/** How long an announced upload may take to be sent and then claimed. */
const PUT_LIFETIME_SECONDS = 60 * 60;
const CLAIM_LIFETIME_MS = 24 * 60 * 60 * 1000;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * POST /api/assets: records the blob and says where to send its bytes, within
 * the member's rate and unused bytes (upload-quota.server.ts).
 */
export async function announceUpload(
  memberId: number,
  blob: AnnouncedBlob,
  origin: string,
): Promise<DirectUploadResponse> {
  const limit = env().UPLOAD_MAX_BYTES;
  if (blob.byte_size > limit) {
    throw InvalidError.field("byte_size", `The file is larger than the ${megabytes(limit)} limit.`);
  }
  await countAnnouncement(memberId);
  const key = newOriginalKey();
  const [asset] = await withinPendingBytes(memberId, blob.byte_size, () =>
    db()
      .insert(assets)
      .values({
        key,
        filename: blob.filename,
        contentType: blob.content_type,
        byteSize: blob.byte_size,
        createdById: memberId,
      })
      .returning(),
  );
  const presigned = await storage().presignedPut(key, PUT_LIFETIME_SECONDS);
  const direct_upload = presigned ?? {
    url: `${origin}/uploads/${signAssetId(asset!.id, "put", new Date(Date.now() + PUT_LIFETIME_SECONDS * 1000))}`,
    headers: { "Content-Type": blob.content_type },
  };
  if (presigned) direct_upload.headers = { "Content-Type": blob.content_type };
  return {
    id: asset!.id,
    filename: asset!.filename,
    content_type: asset!.contentType,
    byte_size: asset!.byteSize,
    signed_id: signAssetId(asset!.id, "upload", new Date(Date.now() + CLAIM_LIFETIME_MS)),
    direct_upload,
  };
}

/**
 * Claims a finished upload for `memberId`, once. Every refusal is a 422 on `field`:
 * forged, expired, someone else's, used, not sent, or not the announced size.
 */
export async function claimUpload(memberId: number, signedId: string, field: string): Promise<AssetRow> {
  const refuse = (message: string): never => {
    throw InvalidError.field(field, message);
  };
  const check = verifySignedId(signedId, "upload");
  if (!check.ok) {
    return refuse(
      check.reason === "expired" ? "The upload has expired. Please upload the file again." : "The upload is not valid.",
    );
  }
  const [asset] = await db().select().from(assets).where(eq(assets.id, check.assetId));
  // Someone else's upload is reported like a forged one: it tells nothing about it.
  if (!asset || asset.createdById !== memberId) return refuse("The upload is not valid.");
  if (asset.attachedAt) return refuse("This upload has already been used.");
  const stored = await storage().stat(asset.key);
  if (!stored) return refuse("The file has not been uploaded yet.");
  if (stored.size !== asset.byteSize || stored.size > env().UPLOAD_MAX_BYTES) {
    await discardUpload(asset);
    return refuse(
      stored.size > env().UPLOAD_MAX_BYTES
        ? `The file is larger than the ${megabytes(env().UPLOAD_MAX_BYTES)} limit.`
        : `The file sent does not match its announced size of ${asset.byteSize} bytes.`,
    );
  }
  if (storage().kind === "s3") return claimByCopy(asset, stored.contentType, refuse);
  // Only one claim wins, even when two requests race with the same signed id.
  const [claimed] = await db()
    .update(assets)
    .set({ attachedAt: new Date(), uploadedAt: asset.uploadedAt ?? new Date() })
    .where(and(eq(assets.id, asset.id), isNull(assets.attachedAt)))
    .returning();
  return claimed ?? refuse("This upload has already been used.");
}

/**
 * The S3 claim. The presigned PUT signs only the host: the member may send any type, and send
 * again to the same key until the URL expires, after the claim too (30 MB of text/html in place of
 * a claimed original). So the upload is claimed by copying it to a key the member never held, with
 * the announced type, and checked again there (a PUT between the check above and the copy); the
 * row names the copy from then on, and the key the member held is removed now and again once its
 * URL has expired. The disk target needs none of this: its PUT is taken once (local-uploads.server.ts).
 */
async function claimByCopy(asset: AssetRow, sentType: string, refuse: (message: string) => never): Promise<AssetRow> {
  const store = storage();
  const wrongType = `The file sent is not of the type announced (${asset.contentType}).`;
  if (sentType !== asset.contentType) {
    await discardUpload(asset);
    return refuse(wrongType);
  }
  const claimedKey = newOriginalKey();
  // Recorded before the copy, so a crash between the copy and the claim leaves nothing behind.
  await recordRemovals([claimedKey], new Date(Date.now() + INTERRUPTED_AFTER_MS));
  await store.copy(asset.key, claimedKey, asset.contentType);
  const copied = await store.stat(claimedKey);
  if (!copied || copied.size !== asset.byteSize) {
    await removeRecorded([claimedKey]);
    await discardUpload(asset);
    return refuse(`The file sent does not match its announced size of ${asset.byteSize} bytes.`);
  }
  const putExpires = new Date(asset.createdAt.getTime() + PUT_LIFETIME_SECONDS * 1000 + 60_000);
  const claimed = await transaction(async () => {
    const [row] = await db()
      .update(assets)
      .set({ key: claimedKey, attachedAt: new Date(), uploadedAt: asset.uploadedAt ?? new Date() })
      .where(and(eq(assets.id, asset.id), isNull(assets.attachedAt)))
      .returning();
    if (!row) return null;
    await db().delete(storageRemovals).where(eq(storageRemovals.key, claimedKey));
    await recordRemovals([asset.key], putExpires);
    return row;
  });
  if (!claimed) {
    await removeRecorded([claimedKey]);
    return refuse("This upload has already been used.");
  }
  // Gone now; whatever the member sends there until the URL expires, the job removes then.
  await store.remove([asset.key]).catch(() => {});
  return claimed;
}

/** Every key an original's derived sizes may have (removing a key never stored is harmless). */
export function derivedKeysOf(originalKey: string): string[] {
  const sizes: DerivedSize[] = ["thumb", "large"];
  return sizes.flatMap((size) => [derivedKey(originalKey, size, "jpg"), derivedKey(originalKey, size, "webp")]);
}

/**
 * Forgets an upload that will not be used: its row goes, and its bytes and any
 * derived sizes are recorded for removal in the same transaction, then removed
 * (storage_removals: a storage that fails now is tried again by the job).
 */
export async function discardUpload(asset: Pick<AssetRow, "id" | "key">, derivedKeys: string[] = []) {
  const keys = [asset.key, ...derivedKeysOf(asset.key), ...derivedKeys];
  if (inTransaction()) {
    // The caller's transaction decides: removed once it commits, kept if it rolls back.
    await db().delete(assets).where(eq(assets.id, asset.id));
    await removeStoredObjects(keys);
    return;
  }
  await transaction(async () => {
    await db().delete(assets).where(eq(assets.id, asset.id));
    await recordRemovals(keys);
  });
  await removeRecorded(keys);
}

/**
 * Uploads announced but never claimed (a closed tab, a refused file) are removed
 * once their signed id can no longer be used, with any bytes that did arrive.
 */
export async function sweepAbandonedUploads(now = new Date()): Promise<number> {
  return removeUploads(
    and(isNull(assets.attachedAt), lt(assets.createdAt, new Date(now.getTime() - CLAIM_LIFETIME_MS)))!,
  );
}

/**
 * How long a step of an upload may take before it counts as cut short by a
 * crash: far beyond any request (Node ends a request after 5 minutes) or any
 * photo's processing (exiftool's and sharp's limits), so work another server
 * process is still doing (during a rolling restart) is never taken for lost.
 */
export const INTERRUPTED_AFTER_MS = 30 * 60 * 1000;

/** When this process started. */
const PROCESS_STARTED_AT = new Date(Date.now() - process.uptime() * 1000);

/**
 * Work begun before this moment can no longer be in flight: INTERRUPTED_AFTER_MS
 * ago, or, on the embedded database (one site owns it, db/embedded-postgres.server.ts),
 * as soon as this process started, since no other site can be at work.
 */
function interruptedBefore(now: Date): Date {
  const bound = new Date(now.getTime() - INTERRUPTED_AFTER_MS);
  const alone = databaseHandle().kind === "embedded";
  return alone && PROCESS_STARTED_AT > bound ? PROCESS_STARTED_AT : bound;
}

export type Recovery = { putsFinished: number; putsReleased: number; claimsRemoved: number; leftovers: number };

/**
 * Finishes or undoes the uploads a killed server left half done, at start and
 * on the job's turns:
 * - a PUT cut short keeps its claim (uploading_at): finished when its file is in
 *   place (the rename happened, the row's update did not), else released so the
 *   member may send the file again;
 * - a claimed upload that never became a photo or a picture (killed while it was
 *   processed) is removed with its original and every derived size;
 * - half-written scratch files (.partial, temporary copies) are removed.
 */
export async function recoverInterruptedUploads(now = new Date()): Promise<Recovery> {
  const cutOff = interruptedBefore(now);
  const recovery: Recovery = { putsFinished: 0, putsReleased: 0, claimsRemoved: 0, leftovers: 0 };

  const stalePuts = await db()
    .select({ id: assets.id, key: assets.key })
    .from(assets)
    .where(and(lt(assets.uploadingAt, cutOff), isNull(assets.uploadedAt), isNull(assets.attachedAt)))
    .limit(BATCH);
  for (const put of stalePuts) {
    const arrived = (await storage().stat(put.key)) !== null;
    await db()
      .update(assets)
      .set(arrived ? { uploadedAt: now } : { uploadingAt: null })
      .where(and(eq(assets.id, put.id), isNull(assets.uploadedAt)));
    if (arrived) recovery.putsFinished++;
    else recovery.putsReleased++;
  }

  recovery.claimsRemoved = await removeUploads(
    and(
      lt(assets.attachedAt, cutOff),
      sql`not exists (select 1 from ${photos} where ${photos.originalAssetId} = ${assets.id})`,
      sql`not exists (select 1 from ${users} where ${users.pictureAssetId} = ${assets.id})`,
    )!,
  );
  // Local files sit under the locked data folder; temporary copies in a folder other installs may share.
  const store = storage();
  recovery.leftovers = await store.removeLeftovers(
    store.kind === "local" ? cutOff : new Date(now.getTime() - INTERRUPTED_AFTER_MS),
  );
  return recovery;
}

const BATCH = 500;

/** Deletes the upload rows `which` selects (a batch) and removes their stored files through the queue. */
async function removeUploads(which: SQL): Promise<number> {
  const { count, keys } = await transaction(async () => {
    const batch = db().select({ id: assets.id }).from(assets).where(which).limit(BATCH);
    // The condition is checked again as the rows are deleted: one claimed meanwhile stays.
    const rows = await db()
      .delete(assets)
      .where(and(inArray(assets.id, batch), which))
      .returning({ key: assets.key });
    const removing = rows.flatMap((row) => [row.key, ...derivedKeysOf(row.key)]);
    await recordRemovals(removing);
    return { count: rows.length, keys: removing };
  });
  await removeRecorded(keys);
  return count;
}
