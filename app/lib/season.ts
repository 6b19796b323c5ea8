// The competition season's wire types: a category's points table (GET /api/standings?category=) and the
// winners gallery (/winners), shared by the services, the pages and the tests.
import type { PhotoOwnerJson } from "./club-json";
import type { Award, CompetitionSettings } from "./competitions";
import type { ResultPhotoJson } from "./results";

export type CategoryStandingJson = {
  position: number;
  User: PhotoOwnerJson;
  entries: number;
  averageScore: number | null;
  awards: Record<Award, number>;
  points: number;
};

export type CategoryStandingsJson = {
  year: number;
  category: string;
  /** The categories of the year's published competitions, to choose from. */
  categories: string[];
  standings: CategoryStandingJson[];
  awardPoints: CompetitionSettings["awardPoints"];
  scoredEntryPoints: number;
};

export type WinnerJson = { award: Award; Photo: ResultPhotoJson; User: PhotoOwnerJson };

export type WinnersCompetitionJson = {
  id: number;
  title: string;
  startsAt: string;
  categories: { name: string; winners: WinnerJson[] }[];
};

export type WinnersJson = {
  year: number;
  /** The years with published competitions, newest first (and the year shown). */
  years: number[];
  competitions: WinnersCompetitionJson[];
};
