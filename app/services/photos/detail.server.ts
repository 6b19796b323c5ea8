// The photo detail, shown in place of a list (home, /browse, member galleries,
// /comments): the photo as the viewer may see it, with its comments and the
// member's own rating, and its previous and next photos in the order of the
// list it was opened from.
import { and, eq, ne, not, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@db/client.server";
import { comments } from "@db/schema";
import { cameraDetails, formatTakenAt } from "~/lib/photo-details";
import type { PhotoSort } from "~/lib/photo-schemas";
import {
  authorHiddenFrom,
  authorHiddenSql,
  canSeePhoto,
  canSeePhotoDetails,
  isOwner,
  type ViewerRef,
} from "~/services/access.server";
import { featureYearsFor } from "./features.server";
import { shownExif, toPhotoJson, type PhotoRecord } from "./json.server";
import { photoNotFound } from "./ownership.server";
import { photoWithComments } from "./photo-comments.server";
import { loadPhotoRecords } from "./photo-records.server";
import { countPhotos, featuredIdsOfYear, PAGE_SIZE, photoIdsAt, placeInList } from "./queries.server";
import type { Neighbour, PhotoDetailData } from "~/lib/photo-detail-json";

/**
 * The list a photo detail was opened from: a sorted, paged list, one member's
 * featured year, or the club's comments (/comments: photos in the order of
 * their latest comment, newest first).
 */
export type PhotoListContext =
  | { kind: "sorted"; userId?: number; sort: PhotoSort }
  | { kind: "year"; userId: number; year: number }
  | { kind: "commented" }
  /** A list its caller ordered (a meeting's photos, author by author): the neighbours it found. */
  | { kind: "given"; previousId: number | null; nextId: number | null };

async function neighboursInSortedList(
  viewer: ViewerRef,
  context: Extract<PhotoListContext, { kind: "sorted" }>,
  photoId: number,
) {
  const spec = { viewer, userId: context.userId, sort: context.sort };
  // The place, count and neighbours are kept at the photos' data version (queries.server.ts).
  const place = await placeInList(spec, photoId);
  if (place === null) return null;
  const total = await countPhotos(spec);
  const [previousId] = place > 0 ? await photoIdsAt(spec, total, place - 1, 1) : [];
  const [nextId] = await photoIdsAt(spec, total, place + 1, 1);
  const pageOf = (index: number) => Math.floor(index / PAGE_SIZE) + 1;
  return {
    page: pageOf(place),
    previous: previousId === undefined ? null : { id: previousId, page: pageOf(place - 1) },
    next: nextId === undefined ? null : { id: nextId, page: pageOf(place + 1) },
  };
}

async function neighboursInYear(
  viewer: ViewerRef,
  context: Extract<PhotoListContext, { kind: "year" }>,
  photoId: number,
) {
  const ids = await featuredIdsOfYear(viewer, context.userId, context.year);
  const index = ids.indexOf(photoId);
  if (index < 0) return null;
  const at = (i: number) => (ids[i] === undefined ? null : { id: ids[i]! });
  return { previous: at(index - 1), next: at(index + 1), page: undefined };
}

// The comments list names each photo once per comment; moving through it goes
// photo by photo, each at the place of its latest comment. A comment is its
// photo's latest when no comment on that photo is newer (comments_photo_idx
// answers that); the walk from the photo's latest comment reads
// comments_created_idx, spelled with its null placement as comment-feed does.
const walked = alias(comments, "walked");
const newer = alias(comments, "newer");

async function neighbourInComments(
  viewer: ViewerRef,
  photoId: number,
  direction: "newer" | "older",
): Promise<Neighbour | null> {
  const latestOfPhoto = sql`(select ${comments.createdAt}, ${comments.id} from ${comments}
    where ${comments.photoId} = ${photoId} order by ${comments.createdAt} desc, ${comments.id} desc limit 1)`;
  const place = sql`(${walked.createdAt}, ${walked.id})`;
  const [row] = await db()
    .select({ id: walked.photoId })
    .from(walked)
    .where(
      and(
        direction === "newer" ? sql`${place} > ${latestOfPhoto}` : sql`${place} < ${latestOfPhoto}`,
        ne(walked.photoId, photoId),
        // As the comments list: no photo whose author is hidden from the viewer.
        not(authorHiddenSql(viewer, walked.photoId)),
        notExists(
          db()
            .select({ id: newer.id })
            .from(newer)
            .where(and(eq(newer.photoId, walked.photoId), sql`(${newer.createdAt}, ${newer.id}) > ${place}`)),
        ),
      ),
    )
    .orderBy(
      ...(direction === "newer"
        ? [sql`${walked.createdAt} asc nulls first`, sql`${walked.id} asc nulls first`]
        : [sql`${walked.createdAt} desc nulls last`, sql`${walked.id} desc nulls last`]),
    )
    .limit(1);
  return row ? { id: row.id } : null;
}

async function neighboursInComments(viewer: ViewerRef, photoId: number) {
  // A photo whose last comment was just deleted stays open, with no neighbours.
  const [previous, next] = await Promise.all([
    neighbourInComments(viewer, photoId, "newer"),
    neighbourInComments(viewer, photoId, "older"),
  ]);
  return { previous, next, page: undefined };
}

async function neighbours(viewer: ViewerRef, context: PhotoListContext, photoId: number) {
  switch (context.kind) {
    case "sorted":
      return neighboursInSortedList(viewer, context, photoId);
    case "year":
      return neighboursInYear(viewer, context, photoId);
    case "commented":
      return neighboursInComments(viewer, photoId);
    case "given":
      return {
        previous: context.previousId === null ? null : { id: context.previousId },
        next: context.nextId === null ? null : { id: context.nextId },
        page: undefined,
      };
  }
}

// The taken time and camera lines of a photo's row: the same for every member
// while the row is kept (queries.server.ts), so worked out once per row, and
// once more without the date taken, camera and lens for those its author is hidden from.
const detailsOfRecord = new WeakMap<PhotoRecord, NonNullable<PhotoDetailData["details"]>>();
const hiddenDetailsOfRecord = new WeakMap<PhotoRecord, NonNullable<PhotoDetailData["details"]>>();

function detailsOf(record: PhotoRecord, viewer: ViewerRef): NonNullable<PhotoDetailData["details"]> {
  const hidden = authorHiddenFrom(viewer, record.photo, record.meeting);
  const kept = hidden ? hiddenDetailsOfRecord : detailsOfRecord;
  let details = kept.get(record);
  if (!details) {
    const { photo } = record;
    details = {
      takenAt: photo.takenAt && !hidden ? formatTakenAt(photo.takenAt, photo.takenAtOffset) : null,
      camera: cameraDetails(shownExif(photo.metadata.exif ?? {}, hidden)),
    };
    kept.set(record, details);
  }
  return details;
}

/**
 * The photo detail as the viewer may see it, within the list it was opened from;
 * 404 when the photo is not theirs to see or not in that list.
 */
export async function photoDetail(
  viewer: ViewerRef,
  photoId: number,
  context: PhotoListContext,
): Promise<PhotoDetailData> {
  // The place, neighbours and row are kept at the versions this request reads (queries.server.ts).
  // A sorted list holds only photos the viewer may see: its place answers that too (kept, no query).
  if (context.kind !== "sorted" && !(await canSeePhoto(viewer, photoId))) throw photoNotFound();
  const around = await neighbours(viewer, context, photoId);
  if (!around) throw photoNotFound();
  const [record] = await loadPhotoRecords([photoId], { withRatings: canSeePhotoDetails(viewer) });
  if (!record) throw photoNotFound();
  // The EXIF is shown as the camera lines of `details`; the page is not sent it twice.
  const { metadata: _metadata, ...shown } = toPhotoJson(record, viewer);
  return {
    photo: await photoWithComments(viewer, shown),
    details: canSeePhotoDetails(viewer) ? detailsOf(record, viewer) : null,
    previous: around.previous,
    next: around.next,
    page: around.page,
    featureYears: isOwner(viewer, record.photo) ? await featureYearsFor(record.photo) : null,
    myRating: canSeePhotoDetails(viewer)
      ? (record.ratings.find((rating) => rating.UserId === viewer.id)?.value ?? 0)
      : null,
  };
}
