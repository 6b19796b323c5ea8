// A photo as its detail screen shows it: the JSON the grids' routes load and the detail draws.
import type { PhotoJson } from "./club-json";
import type { CameraDetail } from "./photo-details";

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
  /** Members only: their own rating of the photo, 0 when they have not rated it. */
  myRating: number | null;
};
