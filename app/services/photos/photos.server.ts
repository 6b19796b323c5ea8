// Photos: listing, reading, editing and deleting them, each call checked against
// who is asking (docs/product.md, Permissions):
// - visitors see featured photos of active, public members, thumbnails and basic data;
// - members see every photo; only the owner edits or deletes it and reads its notes.
import { eq, sql } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { assets, photos } from "@db/schema";
import type { PhotoEdit, PhotoSort } from "~/lib/photo-schemas";
import {
  canSeePhoto,
  canSeePhotoDetails,
  memberVisibleToVisitors,
  photoVisibleToVisitors,
  visitorMaySeeImage,
  winnerShownSql,
  type ViewerRef,
} from "~/services/access.server";
import { winnersGalleryOn } from "~/services/competitions/competition-settings.server";
import { IMAGE_WIDTHS } from "~/lib/photo-images";
import { requestVersions, VersionedCache } from "~/services/data-versions.server";
import { widthKey } from "~/storage/keys.server";
import { photoStorageKeys } from "~/services/uploads/photo-uploads.server";
import { recordRemovals, removeRecorded } from "~/storage/removals.server";
import { closeFeatureGap } from "./feature-positions.server";
import { toPhotoJson, type PhotoJson } from "./json.server";
import { photoNotFound, photoOwnedBy } from "./ownership.server";
import { photoWithComments } from "./photo-comments.server";
import { loadPhotoRecords } from "./photo-records.server";
import { countPhotos, featuredIdsOfYear, PAGE_SIZE, photoIdsAt } from "./queries.server";
import { drawnFeaturedIds } from "./random-draws.server";

/** The JSON of these photos as this viewer may see them, in the order of `ids`. */
export async function photosJson(viewer: ViewerRef, ids: number[]): Promise<PhotoJson[]> {
  const records = await loadPhotoRecords(ids, { withRatings: canSeePhotoDetails(viewer) });
  return records.map((record) => toPhotoJson(record, viewer));
}

export type PhotoPage = { photos: PhotoJson[]; page: number; pageCount: number; total: number; pageSize: number };

/** One page of photos in a sort (all the viewer may see, or one member's). */
export async function listPhotos(
  viewer: ViewerRef,
  query: { userId?: number; page: number; sort: PhotoSort },
): Promise<PhotoPage> {
  const spec = { viewer, userId: query.userId, sort: query.sort };
  // The count, the page and the rows are kept at the versions this request reads (queries.server.ts).
  const total = await countPhotos(spec);
  const ids = await photoIdsAt(spec, total, (query.page - 1) * PAGE_SIZE, PAGE_SIZE);
  const records = await loadPhotoRecords(ids, { withRatings: canSeePhotoDetails(viewer) });
  return {
    photos: records.map((record) => toPhotoJson(record, viewer)),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    pageSize: PAGE_SIZE,
  };
}

/** A member's featured photos of one year in position order (their public portfolio). */
export async function listFeaturedPhotos(viewer: ViewerRef, userId: number, year: number): Promise<PhotoJson[]> {
  // A visitor gets nothing of a member who is hidden from visitors.
  if (!viewer && !(await memberVisibleToVisitors(userId))) return [];
  return photosJson(viewer, await featuredIdsOfYear(viewer, userId, year));
}

export const RANDOM_PHOTO_COUNT = 12;

/** Random featured photos for the home page (visitors: of public, active members only). */
export async function randomPhotos(viewer: ViewerRef, wanted = RANDOM_PHOTO_COUNT): Promise<PhotoJson[]> {
  // The draw and its rows are kept (random-draws.server.ts): no query while nothing changed.
  const ids = await drawnFeaturedIds(viewer, wanted);
  const records = await loadPhotoRecords(ids, { withRatings: canSeePhotoDetails(viewer) });
  return records.map((record) => toPhotoJson(record, viewer));
}

/** One photo as the viewer may see it; 404 when it does not exist or is not theirs to see. */
export async function getPhoto(viewer: ViewerRef, photoId: number): Promise<PhotoJson> {
  if (!(await canSeePhoto(viewer, photoId))) throw photoNotFound();
  const [photo] = await photosJson(viewer, [photoId]);
  if (!photo) throw photoNotFound();
  return photoWithComments(viewer, photo);
}

/** The owner edits caption, description, licence, licence page or notes (the filename stays). */
export async function updatePhoto(viewer: ViewerRef, photoId: number, changes: PhotoEdit): Promise<PhotoJson> {
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
export async function deletePhoto(viewer: ViewerRef, photoId: number): Promise<void> {
  const photo = await photoOwnedBy(viewer, photoId);
  const keys = await transaction(async () => {
    await closeFeatureGap(photo.userId, photoId);
    await db().delete(photos).where(eq(photos.id, photoId));
    const [asset] = await db()
      .delete(assets)
      .where(eq(assets.id, photo.originalAssetId))
      .returning({ key: assets.key });
    // Recorded with the rows' deletion, so a crash or a storage outage cannot strand the files.
    // With the narrower copies responsive images may have made (app/images/image-widths.server.ts).
    const files = [...photoStorageKeys(photo, asset?.key ?? ""), ...narrowerCopies(photo)];
    await recordRemovals(files);
    return files;
  });
  // Files go after the rows (never a photo without its files); what fails is retried by the job.
  await removeRecorded(keys);
}

/**
 * Every width a size has ever been offered in: copies made while an older width
 * was offered (640 px thumbnails, until the phone's column moved to 768 px) stay
 * in storage until their photo goes, so they go with it too.
 */
export const WIDTHS_EVER_OFFERED = {
  thumb: [...IMAGE_WIDTHS.thumb, 640],
  large: [...IMAGE_WIDTHS.large],
} as const;

/** The keys the narrower copies of a photo's sizes have, made or not. */
function narrowerCopies(photo: { thumbKey: string | null; largeKey: string | null }): string[] {
  return (["thumb", "large"] as const).flatMap((size) => {
    const key = size === "thumb" ? photo.thumbKey : photo.largeKey;
    return key ? WIDTHS_EVER_OFFERED[size].map((width) => widthKey(key, width)) : [];
  });
}

type StoredImages = { thumbKey: string | null; largeKey: string | null; public: boolean; winner: boolean };

// A grid's 24 thumbnails are 24 requests: what each needs is kept at the photos'
// data version (a change to the photo, its feature or its member moves it; a
// competition's awards are fixed once its publishing, a meetings change, shows them).
const storedImages = new VersionedCache<StoredImages | null>("photos", 20_000);

async function storedImagesOf(photoId: number): Promise<StoredImages | null> {
  const at = await requestVersions();
  const known = at ? storedImages.get(at, String(photoId)) : undefined;
  if (known !== undefined) return known;
  const [row] = await db()
    .select({
      thumbKey: photos.thumbKey,
      largeKey: photos.largeKey,
      public: sql<boolean>`${photoVisibleToVisitors()}`.mapWith(Boolean),
      winner: sql<boolean>`${winnerShownSql()}`.mapWith(Boolean),
    })
    .from(photos)
    .where(eq(photos.id, photoId))
    .limit(1);
  if (at) storedImages.set(at, String(photoId), row ?? null);
  return row ?? null;
}

/** The sizes /media/photos serves; originals never leave the storage. */
export const PHOTO_MEDIA_SIZES = ["thumb", "large"] as const;
export type PhotoMediaSize = (typeof PHOTO_MEDIA_SIZES)[number];

/**
 * Which stored image to serve for /media/photos/{id}/{size}, else 404: the
 * thumbnail to anyone who may see the photo (visitors: a public member's featured
 * photo, or a winners gallery's while it is on), the large size to members only.
 * `visibleToVisitors` says whether a visitor may see this very image (the
 * media path makes it publicly cacheable then); `cacheControl` is the bounded
 * caching of a URL without a version (an old link, an e-mail): images visitors
 * may see sit in shared caches for a short while (un-featuring takes effect
 * within the hour); the rest stay private.
 */
export async function photoImage(
  who: ViewerRef | Promise<ViewerRef>,
  photoId: number,
  size: PhotoMediaSize,
): Promise<{ key: string; visibleToVisitors: boolean; cacheControl: string }> {
  // The session's member may still be being looked up: the photo's row is read meanwhile,
  // so both wait on the same data-versions read (one round trip, not two in a row).
  const [viewer, photo, galleryOn] = await Promise.all([who, storedImagesOf(photoId), winnersGalleryOn()]);
  // Visitors get thumbnails and basic data only; the large size is a member's detail.
  if (size === "large" && !canSeePhotoDetails(viewer)) throw photoNotFound();
  if (!photo) throw photoNotFound();
  const forVisitors = visitorMaySeeImage({ featuredPublic: photo.public, publicWinner: photo.winner }, galleryOn);
  if (!canSeePhotoDetails(viewer) && !forVisitors) throw photoNotFound();
  const key = size === "thumb" ? photo.thumbKey : photo.largeKey;
  if (!key) throw photoNotFound();
  const visibleToVisitors = forVisitors && size === "thumb";
  return {
    key,
    visibleToVisitors,
    cacheControl: visibleToVisitors ? "public, max-age=3600" : "private, max-age=86400",
  };
}
