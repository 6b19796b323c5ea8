// The owner of photos.ratingAverage and photos.ratingCount: copies of the
// photo's ratings kept on the row so the 'rating' sort pages by an index
// instead of aggregating every rating on every page. Every write that adds,
// changes or removes a rating calls refreshPhotoRating in its transaction.
import { and, avg, count, eq, ne, sql } from "drizzle-orm";
import { db } from "@db/client.server";
import { photos, ratings } from "@db/schema";

/**
 * Recomputes a photo's rating columns from its ratings, leaving out its owner's
 * own (the contract: the average excludes the owner's rating): the average times 1000,
 * rounded (null when no one else rated it), and how many rated it. One
 * statement on `db()`, so it joins the caller's transaction.
 */
export async function refreshPhotoRating(photoId: number) {
  const others = db()
    .select({
      photoId: photos.id,
      average: sql<number | null>`round(${avg(ratings.value)} * 1000)::int`.as("average_by_others"),
      count: count(ratings.value).as("ratings_by_others"),
    })
    .from(photos)
    .leftJoin(ratings, and(eq(ratings.photoId, photos.id), ne(ratings.userId, photos.userId)))
    .where(eq(photos.id, photoId))
    .groupBy(photos.id)
    .as("others");
  await db()
    .update(photos)
    .set({ ratingAverage: sql`${others.average}`, ratingCount: sql`${others.count}` })
    .from(others)
    .where(
      and(
        eq(photos.id, others.photoId),
        // An unchanged row is not rewritten.
        sql`(${photos.ratingAverage}, ${photos.ratingCount}) is distinct from (${others.average}, ${others.count})`,
      ),
    );
}
