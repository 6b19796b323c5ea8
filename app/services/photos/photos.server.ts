// Photos: listing, reading, editing and deleting them, each call checked against
// who is asking (notes/contracts: the site-wide visibility rule):
// - visitors see featured photos of active, public members, thumbnails and basic data;
// - members see every photo; only the owner edits or deletes it and reads its notes.
import { eq, sql } from "drizzle-orm";
import { db } from "@db/client.server";
import { assets, photos } from "@db/schema";
import type { PhotoChanges, PhotoSort } from "~/lib/photo-schemas";
import { storage } from "~/storage/storage.server";
import { closeFeatureGap } from "./feature-positions.server";
import { toPhotoJson, type PhotoJson, type PhotoViewer } from "./json.server";
import { canSeePhoto, memberVisibleToVisitors, photoVisibleToVisitors } from "~/services/access.server";
import {
  countPhotos,
  featuredIdsOfYear,
  loadPhotoRecords,
  PAGE_SIZE,
  photoIdsAt,
  randomFeaturedIds,
} from "./queries.server";
import { photoStorageKeys } from "~/services/uploads/photo-uploads.server";
import { photoNotFound, photoOwnedBy } from "./ownership.server";

/** The JSON of these photos as this viewer may see them, in the order of `ids`. */
export async function photosJson(viewer: PhotoViewer, ids: number[]): Promise<PhotoJson[]> {
  const records = await loadPhotoRecords(ids, { withRatings: viewer !== null });
  return records.map((record) => toPhotoJson(record, viewer));
}

export type PhotoPage = { photos: PhotoJson[]; page: number; pageCount: number; total: number; pageSize: number };

/** One page of photos in a sort (all the viewer may see, or one member's). */
export async function listPhotos(
  viewer: PhotoViewer,
  query: { userId?: number; page: number; sort: PhotoSort },
): Promise<PhotoPage> {
  const spec = { viewer, userId: query.userId, sort: query.sort };
  const total = await countPhotos(spec);
  const ids = await photoIdsAt(spec, total, (query.page - 1) * PAGE_SIZE, PAGE_SIZE);
  return {
    photos: await photosJson(viewer, ids),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    pageSize: PAGE_SIZE,
  };
}

/** A member's featured photos of one year in position order (their public portfolio). */
export async function listFeaturedPhotos(viewer: PhotoViewer, userId: number, year: number): Promise<PhotoJson[]> {
  // A visitor gets nothing of a member who is hidden from visitors.
  if (!viewer && !(await memberVisibleToVisitors(userId))) return [];
  return photosJson(viewer, await featuredIdsOfYear(userId, year));
}

export const RANDOM_PHOTO_COUNT = 12;

/** Random featured photos for the home page (visitors: of public, active members only). */
export async function randomPhotos(viewer: PhotoViewer, wanted = RANDOM_PHOTO_COUNT): Promise<PhotoJson[]> {
  return photosJson(viewer, await randomFeaturedIds(viewer, wanted));
}

/** One photo as the viewer may see it; 404 when it does not exist or is not theirs to see. */
export async function getPhoto(viewer: PhotoViewer, photoId: number): Promise<PhotoJson> {
  if (!(await canSeePhoto(viewer, photoId))) throw photoNotFound();
  const [photo] = await photosJson(viewer, [photoId]);
  if (!photo) throw photoNotFound();
  return photo;
}

/** The owner edits caption, description, licence, licence page or notes (the filename stays). */
export async function updatePhoto(viewer: PhotoViewer, photoId: number, changes: PhotoChanges): Promise<PhotoJson> {
  await photoOwnedBy(viewer, photoId);
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length > 0) {
    await db()
      .update(photos)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(photos.id, photoId));
  }
  return getPhoto(viewer, photoId);
}

/**
 * The owner deletes a photo: its ratings, comments, feature and submission go with
 * it (cascade), the rest of its year closes up, and its stored files are removed.
 */
export async function deletePhoto(viewer: PhotoViewer, photoId: number): Promise<void> {
  const photo = await photoOwnedBy(viewer, photoId);
  const originalKey = await db().transaction(async (tx) => {
    await closeFeatureGap(tx, photo.userId, photoId);
    await tx.delete(photos).where(eq(photos.id, photoId));
    const [asset] = await tx.delete(assets).where(eq(assets.id, photo.originalAssetId)).returning({ key: assets.key });
    return asset?.key ?? null;
  });
  // Files go after the rows: a failure here leaves unreachable files, never a photo without its files.
  const keys = photoStorageKeys(photo, originalKey ?? "");
  await storage()
    .remove(keys)
    .catch((error: unknown) => console.error(`Could not remove the files of photo ${photoId}:`, error));
}

/**
 * Which stored image to serve for /media/photos/{id}/{size}, or null (404): the
 * thumbnail to anyone who may see the photo, the large size to members only;
 * originals never. Images visitors may see can sit in shared caches for a short
 * while (un-featuring takes effect within the hour); the rest stay private.
 */
export async function photoImage(
  viewer: PhotoViewer,
  photoId: number,
  size: "thumb" | "large",
): Promise<{ key: string; cacheControl: string } | null> {
  if (size === "large" && !viewer) return null;
  const [photo] = await db()
    .select({
      thumbKey: photos.thumbKey,
      largeKey: photos.largeKey,
      public: sql<boolean>`${photoVisibleToVisitors()}`.mapWith(Boolean),
    })
    .from(photos)
    .where(eq(photos.id, photoId))
    .limit(1);
  if (!photo || (!viewer && !photo.public)) return null;
  const key = size === "thumb" ? photo.thumbKey : photo.largeKey;
  if (!key) return null;
  return { key, cacheControl: photo.public && size === "thumb" ? "public, max-age=3600" : "private, max-age=86400" };
}
