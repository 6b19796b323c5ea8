// Ratings as the club speaks of them: 1 to 5 stars,
// each with its label; clicking the star a member already gave clears it (0).
// And the comment box's limit: the photo screens' zod-free facts.

export const MIN_RATING = 1;
export const MAX_RATING = 5;

/** A comment's most characters. Here, not in comment-schemas.ts, so the comment boxes load no zod. */
export const MAX_COMMENT_LENGTH = 5000;

/** One member's rating of a photo, as the photo's `Ratings` list holds it. */
export type RatingEntry = { UserId: number; value: number };

/** The stars' labels, letter for letter as docs/texts-and-limits.md has them. */
export const RATING_LABELS: Record<number, string> = {
  1: "unmoved",
  2: "not sure",
  3: "has potential",
  4: "good",
  5: "print it",
};

/** A star's label, or null for a value that is not a star (0, the cleared rating, included). */
export function ratingLabel(value: number): string | null {
  return RATING_LABELS[value] ?? null;
}

/** The rating a click leaves: the clicked star, or 0 (cleared) when it is the star already given. */
export function nextRating(current: number | null | undefined, clicked: number): number {
  return clicked === (current ?? 0) ? 0 : clicked;
}

/** A photo's average (the owner's own rating left out, as `photos.ratingAverage / 1000`) and how many it is of. */
export type RatingSummary = { average: number | null; count: number };

/**
 * The summary once a member's rating goes from `before` to `after` (0: none),
 * worked out in the browser after a click from the server's summary alone (the
 * list of who rated is not always there: until an anonymous reveal a member sees
 * only their own). The owner's own rating never counts. Rounded
 * to three decimals as the stored average is; null when nobody else rated it.
 */
export function summaryAfterChange(
  summary: RatingSummary,
  { before, after, isOwner }: { before: number; after: number; isOwner: boolean },
): RatingSummary {
  if (isOwner || before === after) return summary;
  const sum = (summary.average ?? 0) * summary.count - before + after;
  const count = summary.count - (before > 0 ? 1 : 0) + (after > 0 ? 1 : 0);
  if (count <= 0) return { average: null, count: 0 };
  return { average: Math.round((sum * 1000) / count) / 1000, count };
}
