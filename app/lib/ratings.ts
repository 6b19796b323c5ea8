// Ratings as the club speaks of them (spec sections 3, 4 and 9): 1 to 5 stars,
// each with its label; clicking the star a member already gave clears it (0).
// And the comment box's limit: the photo screens' zod-free facts.

export const MIN_RATING = 1;
export const MAX_RATING = 5;

/** A comment's most characters (spec section 5). Here, not in comment-schemas.ts, so the comment boxes load no zod. */
export const MAX_COMMENT_LENGTH = 5000;

/** One member's rating of a photo, as the photo's `Ratings` list holds it (spec section 3). */
export type RatingEntry = { UserId: number; value: number };

/** The stars' labels, spec section 3. */
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

/**
 * The photo's average as the server stores it, recomputed in the browser after
 * a click (spec section 4): the owner's own rating left out, rounded to three
 * decimals as `photos.ratingAverage / 1000`; null when nobody else rated it.
 */
export function averageExcludingOwner(ratings: RatingEntry[], ownerId: number | null): number | null {
  const others = ratings.filter((rating) => rating.UserId !== ownerId && rating.value > 0);
  if (others.length === 0) return null;
  const sum = others.reduce((total, rating) => total + rating.value, 0);
  return Math.round((sum * 1000) / others.length) / 1000;
}

/** A member's rating replaced in the list (0 removes it), as the server will answer after the click. */
export function withRating(ratings: RatingEntry[], rating: RatingEntry): RatingEntry[] {
  const rest = ratings.filter((entry) => entry.UserId !== rating.UserId);
  return rating.value === 0 ? rest : [...rest, rating];
}
