// A meeting's results and the season's standings as the API and the pages see
// them. Kept here, beside the other wire types, so
// the pages and the tests read the shapes without importing a service.
import type { PhotoOwnerJson } from "./club-json";

/** How many places count as a placing (the top three of a night). */
export const PLACES = 3;

/** The points of a first, second and third place: the club's setting (/admin/club), these by default. */
export type PlacingPoints = { first: number; second: number; third: number };
export const DEFAULT_PLACING_POINTS: PlacingPoints = { first: 3, second: 2, third: 1 };
/** The most a place may be worth. */
export const MAX_PLACING_POINTS = 100;

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
  /**
   * The photo's place: 1-based, shared by photos with the same average and the
   * same number of ratings, and the places after a tie skipped (competition
   * ranking: 1, 1, 3). See placesOf.
   */
  place: number;
  /** In first place (alone or joint), once someone other than its owner rated it. */
  photoOfTheNight: boolean;
  /** Rated, and in the first three places: what the standings count as a placing. */
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
  /** Photos of theirs in the first three places of a night. */
  placings: number;
  /** Their placings' points (the club's placingPoints for each first, second and third place): the table's order. */
  points: number;
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
  /** The points a first, second and third place are worth (the club's setting). */
  placingPoints: PlacingPoints;
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

/**
 * The places of rows in the ranking's order: a row with the same average and
 * the same number of ratings as the row before it shares that row's place;
 * any other row's place is its position (1, 1, 3: competition ranking, so a
 * tie for first leaves no second place).
 */
export function placesOf(rows: { rating: number | null; ratingCount: number }[]): number[] {
  const places: number[] = [];
  rows.forEach((row, index) => {
    const before = rows[index - 1];
    const tied = before !== undefined && before.rating === row.rating && before.ratingCount === row.ratingCount;
    places.push(tied ? places[index - 1]! : index + 1);
  });
  return places;
}

/** The places two or more rows share. */
export function sharedPlaces(rows: { place: number }[]): Set<number> {
  const seen = new Set<number>();
  const shared = new Set<number>();
  for (const { place } of rows) (seen.has(place) ? shared : seen).add(place);
  return shared;
}

const PLACE_WORDS = ["first", "second", "third"];

/** '4th', '11th', '22nd': a place past the third. */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** 'First', 'Second', 'Third', '4th', ...; 'Joint first', 'Joint 4th' for a shared place. */
export function placeName(place: number, shared: boolean): string {
  const word = PLACE_WORDS[place - 1] ?? ordinal(place);
  const named = shared ? `joint ${word}` : word;
  return named.charAt(0).toUpperCase() + named.slice(1);
}
