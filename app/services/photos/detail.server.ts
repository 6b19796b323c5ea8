// The photo detail, shown in place of a list (home, /browse, member galleries):
// the photo as the viewer may see it, with its previous and next photos in the
// order of the list it was opened from.
import { cameraDetails, formatTakenAt, type CameraDetail } from "~/lib/photo-details";
import type { PhotoSort } from "~/lib/photo-schemas";
import { canSeePhoto, canSeePhotoDetails, isOwner, type ViewerRef } from "~/services/access.server";
import { featureYearsFor } from "./features.server";
import { toPhotoJson, type PhotoJson } from "./json.server";
import { photoNotFound } from "./ownership.server";
import { countPhotos, featuredIdsOfYear, loadPhotoRecords, PAGE_SIZE, photoIdsAt, placeInList } from "./queries.server";

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

async function neighboursInSortedList(
  viewer: ViewerRef,
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
 * 404 when the photo is not theirs to see or not in that list.
 */
export async function photoDetail(
  viewer: ViewerRef,
  photoId: number,
  context: PhotoListContext,
): Promise<PhotoDetailData> {
  if (!(await canSeePhoto(viewer, photoId))) throw photoNotFound();
  const neighbours =
    context.kind === "sorted"
      ? await neighboursInSortedList(viewer, context, photoId)
      : await neighboursInYear(context, photoId);
  if (!neighbours) throw photoNotFound();
  const [record] = await loadPhotoRecords([photoId], { withRatings: canSeePhotoDetails(viewer) });
  if (!record) throw photoNotFound();
  const { photo } = record;
  return {
    photo: toPhotoJson(record, viewer),
    details: canSeePhotoDetails(viewer)
      ? {
          takenAt: photo.takenAt ? formatTakenAt(photo.takenAt, photo.takenAtOffset) : null,
          camera: cameraDetails(photo.metadata.exif ?? {}),
        }
      : null,
    previous: neighbours.previous,
    next: neighbours.next,
    page: neighbours.page,
    featureYears: isOwner(viewer, photo) ? await featureYearsFor(photo) : null,
  };
}
