// A competition's awards and how a screen says a result, in a zod-free module:
// the presenter's screen, the viewer and the results page need them without
// loading the forms' schemas (competitions.ts and competition-results.ts
// re-export them for everything else).

/** The awards, best first; 'HC' is Highly Commended. */
export const AWARDS = ["1st", "2nd", "3rd", "HC"] as const;
export type Award = (typeof AWARDS)[number];
export const AWARD_LABELS: Record<Award, string> = {
  "1st": "1st",
  "2nd": "2nd",
  "3rd": "3rd",
  HC: "Highly Commended",
};

/** How many places after the third are Highly Commended. */
export const COMMENDED_PLACES = 3;

/** The award a place gives: 1st to 3rd, then Highly Commended for the next `commended` places. */
export function awardOfPlace(place: number, commended: number): Award | null {
  if (place === 1) return "1st";
  if (place === 2) return "2nd";
  if (place === 3) return "3rd";
  return place <= 3 + commended ? "HC" : null;
}

/** '18 / 20': a judge's score as a screen says it. */
export const scoreText = (score: number, scoreMax: number) => `${score} / ${scoreMax}`;

/** The results page's award form: `place` gives an entry back the award its place gives (the API's null). */
export const AWARD_FORM_PLACE = "place";
