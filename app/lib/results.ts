// A meeting's results and the season's standings as the API and the pages see
// them (issue 26, items 3 and 4). Kept here, beside the other wire types, so
// the pages and the tests read the shapes without importing a service.
import type { PhotoOwnerJson } from "./club-json";

/** How many places count as a placing (the top three of a night). */
export const PLACES = 3;

/** How many photos the standings offer as 'Photos of the year' candidates. */
export const PHOTOS_OF_THE_YEAR = 12;

/** The photo a results row or a candidate shows. */
export type ResultPhotoJson = {
  id: number;
  caption: string | null;
  thumbUrl: string | null;
  width: number | null;
  height: number | null;
};

export type ResultRowJson = {
  /** 1, 2, 3, ... in the ranking's order (ties broken, so no two share a rank). */
  rank: number;
  /** The first row, once someone other than its owner rated it. */
  photoOfTheNight: boolean;
  /** In the top three of a rated night: what the standings count as a placing. */
  placed: boolean;
  /** The average of the ratings by members other than the owner; null when none. */
  rating: number | null;
  ratingCount: number;
  commentCount: number;
  submittedAt: string;
  Photo: ResultPhotoJson;
  /** The author, or null while an anonymous meeting is not revealed (but to the author). */
  UserId: number | null;
  User: PhotoOwnerJson | null;
};

export type ResultsMeetingJson = {
  id: number;
  topic: string;
  /** The topic's first line. */
  title: string;
  startsAt: string;
  anonymous: boolean;
  revealedAt: string | null;
};

export type MeetingResultsJson = {
  Meeting: ResultsMeetingJson;
  /** False while an anonymous meeting is not revealed: authors other than the viewer are withheld. */
  authorsShown: boolean;
  /** Whether the meeting is still on (its two hours not over): the ranking may change. */
  provisional: boolean;
  results: ResultRowJson[];
};

export type StandingJson = {
  /** 1, 2, 3, ... in the table's order. */
  position: number;
  User: PhotoOwnerJson;
  meetingsEntered: number;
  photosSubmitted: number;
  /** The average of every rating their photos received from others that year; null when none. */
  averageRating: number | null;
  ratingsReceived: number;
  /** Photos of theirs in the top three of a night. */
  placings: number;
};

export type PhotoOfTheYearJson = {
  Photo: ResultPhotoJson;
  User: PhotoOwnerJson;
  rating: number;
  ratingCount: number;
  Meeting: { id: number; title: string; startsAt: string };
};

export type StandingsJson = {
  year: number;
  /** The year pager's years, newest first. */
  years: number[];
  standings: StandingJson[];
  photosOfTheYear: PhotoOfTheYearJson[];
  timeZone: string;
};

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '4.3' for an average, '–' for none. */
export function formatRating(rating: number | null): string {
  return rating === null ? "–" : rating.toFixed(1);
}

/** 'Anonymous' for a withheld author. */
export function authorName(user: PhotoOwnerJson | null): string {
  return user ? `${user.firstName} ${user.lastName}` : "Anonymous";
}
