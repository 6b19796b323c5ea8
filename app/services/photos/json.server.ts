// The photo as the API and the screens see it (the field names of docs/product.md),
// cut to what the viewer may see (docs/product.md, Permissions):
// - visitors: thumbnails and basic data only;
// - members: everything but notes;
// - the owner: notes too;
// - anyone but the owner, while the photo's anonymous meeting is unrevealed
//   (access.server's authorHiddenFrom): no author (User, UserId null), no
//   filename (it often names its maker), no camera, lens or date taken, the
//   meeting's start for the upload time (to the millisecond, it pairs with the
//   owner's other uploads), no Feature (its year and position would point at
//   the gap it leaves in the owner's portfolio); exposure settings stay;
// - everyone, until such a meeting's reveal: only their own rating listed
//   (access.server's ratingsShownTo), the average and its count as for any photo.
import crypto from "node:crypto";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { PhotoRow } from "@db/schema";
import type { FeatureJson, PhotoJson, PhotoOwnerJson, RatingJson } from "~/lib/club-json";
import {
  authorHiddenFrom,
  canSeePhotoDetails,
  isOwner,
  isUnrevealed,
  ratingsShownTo,
  type MeetingAnonymity,
  type ViewerRef,
} from "~/services/access.server";

export type { FeatureJson, PhotoJson, PhotoOwnerJson, RatingJson };

/** The columns a PhotoOwnerJson is read from, of the users table or an alias of it (a photo's owner, a comment's author). */
export function ownerColumns<T extends Record<keyof PhotoOwnerJson, AnyPgColumn>>(
  table: T,
): Pick<T, keyof PhotoOwnerJson> {
  return { id: table.id, firstName: table.firstName, lastName: table.lastName, username: table.username };
}

/** Everything one photo's JSON is made from (loaded in bulk by photo-queries). */
export type PhotoRecord = {
  photo: PhotoRow;
  owner: PhotoOwnerJson;
  feature: FeatureJson | null;
  meetingStartsAt: Date | null;
  /** The photo's meeting as the anonymity rule reads it (null: not submitted to one). */
  meeting: MeetingAnonymity;
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
// A photo whose author is hidden is shaped once more, without them.
const shapedForMembers = new WeakMap<PhotoRecord, PhotoJson>();
const shapedForVisitors = new WeakMap<PhotoRecord, PhotoJson>();
const hiddenForMembers = new WeakMap<PhotoRecord, PhotoJson>();
const hiddenForVisitors = new WeakMap<PhotoRecord, PhotoJson>();

export function toPhotoJson(record: PhotoRecord, viewer: ViewerRef): PhotoJson {
  const hidden = authorHiddenFrom(viewer, record.photo, record.meeting);
  const member = canSeePhotoDetails(viewer);
  const shaped = hidden
    ? member
      ? hiddenForMembers
      : hiddenForVisitors
    : member
      ? shapedForMembers
      : shapedForVisitors;
  let json = shaped.get(record);
  if (!json) {
    json = shapePhotoJson(record, viewer);
    // Hidden: in a meeting (its start is copied) or withdrawn from one (its start comes with the anonymity).
    if (hidden) json = withoutAuthor(json, record.meetingStartsAt ?? record.meeting!.withdrawnFromStart!);
    shaped.set(record, json);
  }
  if (json.Ratings && isUnrevealed(record.meeting))
    json = { ...json, Ratings: ratingsShownTo(viewer, record.meeting, json.Ratings) };
  return isOwner(viewer, record.photo) ? { ...json, notes: record.photo.notes } : json;
}

/** The EXIF fields that name the maker's kit (camera and lens), withheld with the author. */
const KIT_FIELDS = ["Make", "Model", "LensModel"] as const;

/** The EXIF a viewer may see: without camera and lens while the author is hidden from them. */
export function shownExif(exif: NonNullable<PhotoRecord["photo"]["metadata"]["exif"]>, authorHidden: boolean) {
  if (!authorHidden) return exif;
  const shown = { ...exif };
  for (const field of KIT_FIELDS) delete shown[field];
  return shown;
}

/** A photo's JSON with nothing that tells who made it (access.server: authorHiddenFrom). */
function withoutAuthor(json: PhotoJson, meetingStartsAt: Date): PhotoJson {
  return {
    ...json,
    filename: "",
    // Every photo of the meeting alike.
    createdAt: meetingStartsAt.toISOString(),
    UserId: null,
    User: null,
    Feature: null,
    ...("takenAt" in json ? { takenAt: null } : {}),
    ...(json.metadata ? { metadata: { exif: shownExif(json.metadata.exif, true) } } : {}),
  };
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
    ratingCount: photo.ratingCount,
    Ratings: record.ratings,
    // A list leaves them out (a query per photo); photoWithComments (photo-comments.server.ts) fills them for one.
    Comments: [],
    metadata: { exif: photo.metadata.exif ?? {} },
    MeetingSubmission: record.meetingStartsAt ? { Meeting: { startsAt: record.meetingStartsAt.toISOString() } } : null,
  };
}
