// A competition's results as the API and the pages see them: per category, the
// entries ranked by the judge's score, with their awards. The ranking itself is
// plain arithmetic here, so the pages, the recap and the tests share it.
import { z } from "zod";
import type { PhotoOwnerJson } from "./club-json";
import { AWARD_FORM_PLACE, COMMENDED_PLACES } from "./awards";
import { AWARDS, awardOfPlace, type Award, type ScoreMax } from "./competitions";
import type { ResultPhotoJson } from "./results";

export { COMMENDED_PLACES, scoreText, AWARD_FORM_PLACE } from "./awards";

/** What an admin may set an entry's award to before publishing: an award, none, or back to its place's (null). */
export const AWARD_CHOICES = [...AWARDS, "none"] as const;
export type AwardChoice = (typeof AWARD_CHOICES)[number];

export type CompetitionResultRowJson = {
  /** The entry's number in the competition. */
  number: number;
  /** By score within its category, shared by equal scores (1, 1, 3). */
  place: number;
  award: Award | null;
  /** Whether an admin chose the award rather than its place giving it. */
  awardChosen: boolean;
  score: number | null;
  critique: string;
  /** The members' stars, shown apart from the judge's score. */
  rating: number | null;
  ratingCount: number;
  /** The best average of the members' stars in its category (ties share it). */
  membersFavourite: boolean;
  Photo: ResultPhotoJson;
  /** The author, once the results are published (an author always sees their own). */
  UserId: number | null;
  User: PhotoOwnerJson | null;
};

export type CompetitionResultsJson = {
  Meeting: { id: number; title: string; startsAt: string; scoreMax: ScoreMax; resultsPublishedAt: string | null };
  published: boolean;
  /** How many entries the judge has scored, of how many. */
  scored: number;
  total: number;
  categories: { id: number; name: string; results: CompetitionResultRowJson[] }[];
};

type Rankable = {
  number: number;
  score: number | null;
  award: Award | "none" | null;
  rating: number | null;
  ratingCount: number;
};

/**
 * One category's entries in the results' order (score, highest first; unscored last; ties by number),
 * each with its place, its award (an admin's choice, else its place's) and whether it is the members'
 * favourite.
 */
export function rankCategory<R extends Rankable>(
  entries: R[],
): (R & { place: number; award: Award | null; awardChosen: boolean; membersFavourite: boolean })[] {
  const ordered = [...entries].sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || a.number - b.number);
  const best = Math.max(...entries.filter((entry) => entry.ratingCount > 0).map((entry) => entry.rating ?? 0), -1);
  let place = 0;
  return ordered.map((entry, index) => {
    const before = ordered[index - 1];
    place = before && before.score === entry.score ? place : index + 1;
    const chosen = entry.award !== null;
    const placed = entry.score === null ? null : awardOfPlace(place, COMMENDED_PLACES);
    return {
      ...entry,
      place,
      award: chosen ? (entry.award === "none" ? null : entry.award) : placed,
      awardChosen: chosen,
      membersFavourite: entry.ratingCount > 0 && entry.rating === best,
    };
  });
}

/** PATCH /api/meetings/{id}/results: an entry's award chosen by an admin before publishing (null: its place's). */
export const AwardChoiceSchema = z.object({
  PhotoId: z
    .number({ error: "PhotoId must be a photo's id." })
    .int()
    .positive()
    .max(2 ** 31 - 1),
  award: z.enum(AWARD_CHOICES, { error: "Award must be 1st, 2nd, 3rd, HC or none." }).nullable(),
});

/** The results page's award form's schema (`place`: the award its place gives). */
export const AWARD_CHOICE_MESSAGE = "Award must be 1st, 2nd, 3rd, HC, none or its place's.";
export const AwardFormSchema = z.object({
  PhotoId: z.coerce
    .number({ error: "PhotoId must be a photo's id." })
    .int()
    .positive()
    .max(2 ** 31 - 1),
  award: z
    .enum([...AWARD_CHOICES, AWARD_FORM_PLACE], { error: AWARD_CHOICE_MESSAGE })
    .transform((award): AwardChoice | null => (award === AWARD_FORM_PLACE ? null : award)),
});
