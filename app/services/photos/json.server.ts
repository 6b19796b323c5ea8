// The photo as the API and the screens see it (spec section 3 field names), cut
// to what the viewer may see (notes/contracts: the site-wide visibility rule):
// - visitors: thumbnails and basic data only;
// - members: everything but notes;
// - the owner: notes too.
import crypto from "node:crypto";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { PhotoMetadata, PhotoRow } from "@db/schema";
import { canSeePhotoDetails, isOwner, type ViewerRef } from "~/services/access.server";
import type { CommentJson } from "~/services/ratings/comment-json.server";

export type PhotoOwnerJson = { id: number; firstName: string; lastName: string; username: string };

/** The columns a PhotoOwnerJson is read from, of the users table or an alias of it (a photo's owner, a comment's author). */
export function ownerColumns<T extends Record<keyof PhotoOwnerJson, AnyPgColumn>>(
  table: T,
): Pick<T, keyof PhotoOwnerJson> {
  return { id: table.id, firstName: table.firstName, lastName: table.lastName, username: table.username };
}

export type FeatureJson = { year: number; position: number };
export type RatingJson = { UserId: number; value: number };

export type PhotoJson = {
  id: number;
  caption: string | null;
  description: string | null;
  /** The owner's private notes; the key is absent for everybody else. */
  notes?: string | null;
  license: string;
  acquireLicensePage: string | null;
  filename: string;
  /** null for visitors, who see thumbnails only. */
  largeUrl: string | null;
  thumbUrl: string | null;
  /** The original's upright size in pixels (null for a photo stored before it was kept): grids reserve each photo's space from it. */
  width: number | null;
  height: number | null;
  createdAt: string;
  UserId: number;
  User: PhotoOwnerJson;
  Feature: FeatureJson | null;
  // Members only (absent for visitors):
  takenAt?: string | null;
  /** Average of the ratings other than the owner's own, or null when nobody else rated it. */
  rating?: number | null;
  Ratings?: RatingJson[];
  /** The photo's comments, oldest first: filled for one photo (GET /api/photos/{id}, the detail), empty in lists. */
  Comments?: CommentJson[];
  metadata?: { exif: NonNullable<PhotoMetadata["exif"]> };
  MeetingSubmission?: { Meeting: { startsAt: string } } | null;
};

/** Everything one photo's JSON is made from (loaded in bulk by photo-queries). */
export type PhotoRecord = {
  photo: PhotoRow;
  owner: PhotoOwnerJson;
  feature: FeatureJson | null;
  meetingStartsAt: Date | null;
  ratings: RatingJson[];
};

/**
 * A photo's image URL, versioned by the stored key it serves: each derived file
 * has a key of its own, so the bytes at a versioned URL never change and it is
 * cached for good (app/server/media/photo-media.server.ts); a URL whose version
 * is no longer the photo's key redirects to the current one.
 */
export function photoMediaUrl(photoId: number, size: "thumb" | "large", key: string) {
  return `/media/photos/${photoId}/${size}?v=${mediaVersion(key)}`;
}

/** A short fingerprint of a stored key (never the key itself: keys stay unguessable). */
export function mediaVersion(key: string): string {
  return crypto.createHash("sha256").update(key).digest("base64url").slice(0, MEDIA_VERSION_LENGTH);
}

export const MEDIA_VERSION_LENGTH = 12;

// A record kept in memory (queries.server.ts) gives every member the same JSON
// but for the owner's notes, and every visitor the same: shaped once per record.
const shapedForMembers = new WeakMap<PhotoRecord, PhotoJson>();
const shapedForVisitors = new WeakMap<PhotoRecord, PhotoJson>();

export function toPhotoJson(record: PhotoRecord, viewer: ViewerRef): PhotoJson {
  const shaped = canSeePhotoDetails(viewer) ? shapedForMembers : shapedForVisitors;
  let json = shaped.get(record);
  if (!json) {
    json = shapePhotoJson(record, viewer);
    shaped.set(record, json);
  }
  return isOwner(viewer, record.photo) ? { ...json, notes: record.photo.notes } : json;
}

/** The JSON any member (or any visitor) sees; the owner's notes are added by toPhotoJson. */
function shapePhotoJson(record: PhotoRecord, viewer: ViewerRef): PhotoJson {
  const { photo, owner, feature } = record;
  const basic: PhotoJson = {
    id: photo.id,
    caption: photo.caption,
    description: photo.description,
    license: photo.license,
    acquireLicensePage: photo.acquireLicensePage,
    filename: photo.filename,
    largeUrl: null,
    thumbUrl: photo.thumbKey ? photoMediaUrl(photo.id, "thumb", photo.thumbKey) : null,
    width: photo.width,
    height: photo.height,
    createdAt: photo.createdAt.toISOString(),
    UserId: photo.userId,
    User: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, username: owner.username },
    Feature: feature ? { year: feature.year, position: feature.position } : null,
  };
  if (!canSeePhotoDetails(viewer)) return basic;

  return {
    ...basic,
    largeUrl: photo.largeKey ? photoMediaUrl(photo.id, "large", photo.largeKey) : null,
    takenAt: photo.takenAt?.toISOString() ?? null,
    rating: photo.ratingAverage === null ? null : photo.ratingAverage / 1000,
    Ratings: record.ratings,
    // A list leaves them out (a query per photo); photoWithComments (photo-comments.server.ts) fills them for one.
    Comments: [],
    metadata: { exif: photo.metadata.exif ?? {} },
    MeetingSubmission: record.meetingStartsAt ? { Meeting: { startsAt: record.meetingStartsAt.toISOString() } } : null,
  };
}
