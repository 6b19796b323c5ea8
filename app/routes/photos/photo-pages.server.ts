// What the photo screens show (home, /browse, member galleries): the lists, and
// the photo detail in place of a list with its previous and next photos in that
// list's order. The rules stay in photos.server and friends; this file only
// gathers what a screen needs.
import type { Member } from "~/services/auth/session.server";
import { data } from "react-router";
import { featureYears } from "~/lib/feature-years";
import { cameraDetails, formatTakenAt, type CameraDetail } from "~/lib/photo-details";
import type { PhotoSort } from "~/lib/photo-schemas";
import { findUserById } from "~/services/members/members.server";
import { toPhotoJson, type PhotoJson, type PhotoViewer } from "~/services/photos/json.server";
import { canSeePhoto } from "~/services/access.server";
import {
  countPhotos,
  featuredIdsOfYear,
  loadPhotoRecords,
  PAGE_SIZE,
  photoIdsAt,
  placeInList,
} from "~/services/photos/queries.server";

/** The list a photo detail was opened from: a sorted, paged list, or one member's featured year. */
export type PhotoListContext =
  { kind: "sorted"; userId?: number; sort: PhotoSort } | { kind: "year"; userId: number; year: number };

/** A neighbour in the list, with the page it sits on (sorted lists) so links keep the pager in step. */
export type Neighbour = { id: number; page?: number };

export type PhotoDetailData = {
  photo: PhotoJson;
  /** Members only: the taken time and camera lines. */
  details: { takenAt: string | null; camera: CameraDetail[] } | null;
  previous: Neighbour | null;
  next: Neighbour | null;
  /** The page of a sorted list the photo is on (for the way back). */
  page?: number;
  /** The owner only: the years the photo may be featured in, newest first. */
  featureYears: number[] | null;
};

export const notFoundResponse = () => data("Not Found", { status: 404, statusText: "Not Found" });

async function neighboursInSortedList(
  viewer: PhotoViewer,
  context: Extract<PhotoListContext, { kind: "sorted" }>,
  photoId: number,
) {
  const spec = { viewer, userId: context.userId, sort: context.sort };
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

async function neighboursInYear(context: Extract<PhotoListContext, { kind: "year" }>, photoId: number) {
  const ids = await featuredIdsOfYear(context.userId, context.year);
  const index = ids.indexOf(photoId);
  if (index < 0) return null;
  const at = (i: number) => (ids[i] === undefined ? null : { id: ids[i]! });
  return { previous: at(index - 1), next: at(index + 1), page: undefined };
}

/**
 * The photo detail as the viewer may see it, within the list it was opened from;
 * a 404 response when the photo is not theirs to see or not in that list.
 */
export async function photoDetail(
  viewer: Member | null,
  photoId: number,
  context: PhotoListContext,
): Promise<PhotoDetailData> {
  if (!(await canSeePhoto(viewer, photoId))) throw notFoundResponse();
  const neighbours =
    context.kind === "sorted"
      ? await neighboursInSortedList(viewer, context, photoId)
      : await neighboursInYear(context, photoId);
  if (!neighbours) throw notFoundResponse();
  const [record] = await loadPhotoRecords([photoId], { withRatings: viewer !== null });
  if (!record) throw notFoundResponse();
  const { photo } = record;

  const isOwner = viewer?.id === photo.userId;
  let years: number[] | null = null;
  if (isOwner) {
    const owner = await findUserById(photo.userId);
    years = owner ? featureYears(owner.createdAt, photo.takenAt, photo.takenAtOffset) : [];
  }
  return {
    photo: toPhotoJson(record, viewer),
    details: viewer
      ? {
          takenAt: photo.takenAt ? formatTakenAt(photo.takenAt, photo.takenAtOffset) : null,
          camera: cameraDetails(photo.metadata.exif ?? {}),
        }
      : null,
    previous: neighbours.previous,
    next: neighbours.next,
    page: neighbours.page,
    featureYears: years,
  };
}

/**
 * Where a member's photo lives in their gallery when it is no longer in the year
 * it was opened in (its owner just moved it to another year or un-featured it):
 * its featured year, else 'all' for members; null when the viewer may not see it.
 */
export async function galleryYearOf(
  viewer: PhotoViewer,
  memberId: number,
  photoId: number,
): Promise<number | "all" | null> {
  if (!(await canSeePhoto(viewer, photoId))) return null;
  const [record] = await loadPhotoRecords([photoId], { withRatings: false });
  if (!record || record.photo.userId !== memberId) return null;
  if (record.feature) return record.feature.year;
  return viewer ? "all" : null;
}

/** The years of a member's year pager: this year (last year for visitors) down to the year they joined. */
export function galleryYears(joinedAt: Date, viewer: PhotoViewer, now = new Date()): number[] {
  const newest = now.getFullYear() - (viewer ? 0 : 1);
  const years: number[] = [];
  for (let year = newest; year >= joinedAt.getFullYear(); year--) years.push(year);
  return years;
}
