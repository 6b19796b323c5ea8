// A member rates a photo: 1 to 5 stars sets their
// rating, 0 clears it. The photo's copied average and count
// (photos.ratingAverage, photos.ratingCount) change in the same transaction.
import { eq, and, sql } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { photos, ratings } from "@db/schema";
import type { Rate } from "~/lib/comment-schemas";
import { canSeePhoto, ratingsShownTo, requireLoggedIn, type ViewerRef } from "~/services/access.server";
import { NotFoundError } from "~/services/errors.server";
import type { RatingJson } from "~/lib/club-json";
import { loadPhotoRecords } from "~/services/photos/photo-records.server";
import { refreshPhotoRating } from "./photo-rating.server";

/**
 * The answer to a rating: the photo's average without its owner's rating and how many it is of, and the
 * ratings the rater may see listed (access.server's ratingsShownTo: only their own until an anonymous reveal).
 */
export type PhotoRatingJson = { rating: number | null; ratingCount: number; Ratings: RatingJson[] };

const photoNotFound = () => new NotFoundError("Photo not found.");

export async function ratePhoto(member: ViewerRef, photoId: number, { value }: Rate): Promise<PhotoRatingJson> {
  requireLoggedIn(member);
  if (!(await canSeePhoto(member, photoId))) throw photoNotFound();
  return transaction(async () => {
    // Raters of one photo take turns on its row, so each refresh reads every
    // rating committed before it and the last one leaves the exact average.
    // NO KEY UPDATE is the lock the refresh's UPDATE takes anyway; unlike FOR
    // UPDATE it lets comments (whose foreign key takes KEY SHARE) go on meanwhile.
    const [photo] = await db()
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.id, photoId))
      .for("no key update");
    if (!photo) throw photoNotFound();

    if (value === 0) {
      await db()
        .delete(ratings)
        .where(and(eq(ratings.photoId, photoId), eq(ratings.userId, member.id)));
    } else {
      await db()
        .insert(ratings)
        .values({ photoId, userId: member.id, value })
        .onConflictDoUpdate({
          target: [ratings.photoId, ratings.userId],
          set: { value, updatedAt: sql`now()` },
        });
    }
    await refreshPhotoRating(photoId);
    return photoRatingJson(member, photoId);
  });
}

/** The answer, from the photo's record: read afresh inside the rating's transaction (the caches step aside there). */
async function photoRatingJson(viewer: ViewerRef, photoId: number): Promise<PhotoRatingJson> {
  const [record] = await loadPhotoRecords([photoId], { withRatings: true });
  if (!record) throw photoNotFound();
  const average = record.photo.ratingAverage;
  return {
    rating: average === null ? null : average / 1000,
    ratingCount: record.photo.ratingCount,
    Ratings: ratingsShownTo(viewer, record.meeting, record.ratings),
  };
}
