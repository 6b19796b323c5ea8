// photos.ratingAverage and ratingCount are copies of the ratings; their owner,
// refreshPhotoRating, must leave them equal to a fresh aggregate of the ratings
// (the owner's own left out), and roll back with the caller's transaction.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, transaction } from "@db/client.server";
import { photos, ratings } from "@db/schema";
import { refreshPhotoRating } from "~/services/ratings/photo-rating.server";
import { makeMember } from "../support/members";
import { insertPhoto, rateDirectly } from "../support/photos";

type RatingColumns = { ratingAverage: number | null; ratingCount: number };

async function stored(photoId: number): Promise<RatingColumns> {
  const [row] = await db()
    .select({ ratingAverage: photos.ratingAverage, ratingCount: photos.ratingCount })
    .from(photos)
    .where(eq(photos.id, photoId));
  return row!;
}

/** The columns as the ratings say they should be, computed here on their own. */
async function fresh(photoId: number): Promise<RatingColumns> {
  const rows = await db().execute<{ average: string | null; count: number }>(sql`
    select avg(r.value) as average, count(r.value)::int as count
    from ratings r join photos p on p.id = r.photo_id
    where r.photo_id = ${photoId} and r.user_id <> p.user_id`);
  const { average, count } = rows[0]!;
  return { ratingAverage: average === null ? null : Math.round(Number(average) * 1000), ratingCount: count };
}

async function ratedByEveryone() {
  const owner = await makeMember();
  const [ann, bob, carl] = [await makeMember(), await makeMember(), await makeMember()];
  const photo = await insertPhoto(owner.id);
  await rateDirectly(photo.id, owner.id, 5);
  await rateDirectly(photo.id, ann.id, 3);
  await rateDirectly(photo.id, bob.id, 4);
  await rateDirectly(photo.id, carl.id, 4);
  return { owner, ann, bob, carl, photo };
}

describe("refreshPhotoRating", () => {
  it("copies the average (times 1000) and count of the others' ratings, leaving out the owner's", async () => {
    const { photo } = await ratedByEveryone();
    expect(await stored(photo.id)).toEqual({ ratingAverage: null, ratingCount: 0 });
    await refreshPhotoRating(photo.id);
    // (3 + 4 + 4) / 3 = 3.666..., the owner's 5 not counted.
    expect(await stored(photo.id)).toEqual({ ratingAverage: 3667, ratingCount: 3 });
    expect(await stored(photo.id)).toEqual(await fresh(photo.id));
  });

  it("follows a changed and a withdrawn rating", async () => {
    const { photo, ann, bob } = await ratedByEveryone();
    await db()
      .update(ratings)
      .set({ value: 1 })
      .where(and(eq(ratings.photoId, photo.id), eq(ratings.userId, ann.id)));
    await db()
      .delete(ratings)
      .where(and(eq(ratings.photoId, photo.id), eq(ratings.userId, bob.id)));
    await refreshPhotoRating(photo.id);
    expect(await stored(photo.id)).toEqual({ ratingAverage: 2500, ratingCount: 2 });
    expect(await stored(photo.id)).toEqual(await fresh(photo.id));
  });

  it("is null and zero for a photo rated only by its owner, or by no one, whatever was stored", async () => {
    const owner = await makeMember();
    const selfRated = await insertPhoto(owner.id, { ratingAverage: 4200 });
    const unrated = await insertPhoto(owner.id, { ratingAverage: 1000 });
    await db().update(photos).set({ ratingCount: 7 }).where(eq(photos.id, unrated.id));
    await rateDirectly(selfRated.id, owner.id, 5);
    await refreshPhotoRating(selfRated.id);
    await refreshPhotoRating(unrated.id);
    for (const photo of [selfRated, unrated]) {
      expect(await stored(photo.id)).toEqual({ ratingAverage: null, ratingCount: 0 });
      expect(await stored(photo.id)).toEqual(await fresh(photo.id));
    }
  });

  it("touches only the photo it is given", async () => {
    const { photo } = await ratedByEveryone();
    const { photo: other } = await ratedByEveryone();
    await refreshPhotoRating(photo.id);
    expect(await stored(other.id)).toEqual({ ratingAverage: null, ratingCount: 0 });
  });

  it("runs in the caller's transaction: seen inside it, rolled back with it", async () => {
    const { photo, ann } = await ratedByEveryone();
    await refreshPhotoRating(photo.id);
    const before = await stored(photo.id);

    const rolledBack = new Error("roll back");
    await expect(
      transaction(async () => {
        await db()
          .update(ratings)
          .set({ value: 5 })
          .where(and(eq(ratings.photoId, photo.id), eq(ratings.userId, ann.id)));
        await refreshPhotoRating(photo.id);
        // (5 + 4 + 4) / 3
        expect(await stored(photo.id)).toEqual({ ratingAverage: 4333, ratingCount: 3 });
        expect(await stored(photo.id)).toEqual(await fresh(photo.id));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);

    expect(await stored(photo.id)).toEqual(before);
    expect(await stored(photo.id)).toEqual(await fresh(photo.id));
  });
});
