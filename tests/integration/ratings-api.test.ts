// POST /api/photos/{id}/rate per role: 1-5 sets the member's rating, 0 clears
// it, the answer is the photo's {rating, Ratings}, and the copied average and
// count (owner excluded) stay exact even when 30 members rate one photo at once.
import { and, eq, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { photos, ratings } from "@db/schema";
import { action as rateAction, loader as rateLoader } from "~/routes/api/photos.rate";
import { cookieFor, makeMember, memberAndOther, request } from "../support/members";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";

const rate = (photoId: number | string, json: unknown, cookie?: string) =>
  call(rateAction, request(`/api/photos/${photoId}/rate`, { method: "POST", json, cookie }), {
    photoId: String(photoId),
  });

async function storedRating(photoId: number) {
  const [row] = await db()
    .select({ average: photos.ratingAverage, count: photos.ratingCount })
    .from(photos)
    .where(eq(photos.id, photoId));
  return row!;
}

/** A fresh aggregate of the ratings, owner excluded, in the stored form (average times 1000, rounded). */
async function freshAggregate(photoId: number, ownerId: number) {
  const [row] = await db()
    .select({
      average: sql<number | null>`round(avg(${ratings.value}) * 1000)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(ratings)
    .where(and(eq(ratings.photoId, photoId), ne(ratings.userId, ownerId)));
  return row!;
}

async function ratingsOf(photoId: number) {
  return db()
    .select({ userId: ratings.userId, value: ratings.value })
    .from(ratings)
    .where(eq(ratings.photoId, photoId));
}

async function photoWithOwner() {
  const owner = await makeMember({ firstName: "Olive" });
  const photo = await insertPhoto(owner.id);
  return { owner, photo, ownerCookie: await cookieFor(owner.id) };
}

describe("POST /api/photos/{id}/rate", () => {
  it("asks a visitor to log in and writes nothing", async () => {
    const { photo } = await photoWithOwner();
    const response = await rate(photo.id, { value: 4 });
    expect(response.status).toBe(401);
    expect(await ratingsOf(photo.id)).toEqual([]);
  });

  it("sets a member's rating and answers the photo's rating and Ratings", async () => {
    const { photo } = await photoWithOwner();
    const member = await makeMember();
    const response = await rate(photo.id, { value: 4 }, await cookieFor(member.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ rating: 4, ratingCount: 1, Ratings: [{ UserId: member.id, value: 4 }] });
    expect(await storedRating(photo.id)).toEqual({ average: 4000, count: 1 });
  });

  it("changes the rating, clears it with 0, and clearing twice is harmless", async () => {
    const { photo } = await photoWithOwner();
    const { other, cookie } = await memberAndOther();
    await rate(photo.id, { value: 5 }, await cookieFor(other.id));
    await rate(photo.id, { value: 4 }, cookie);

    const changed = await rate(photo.id, { value: 2 }, cookie);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { rating: number }).rating).toBe(3.5);
    expect(await storedRating(photo.id)).toEqual({ average: 3500, count: 2 });

    const cleared = await rate(photo.id, { value: 0 }, cookie);
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ rating: 5, ratingCount: 1, Ratings: [{ UserId: other.id, value: 5 }] });
    expect(await storedRating(photo.id)).toEqual({ average: 5000, count: 1 });

    const again = await rate(photo.id, { value: 0 }, cookie);
    expect(again.status).toBe(200);
    expect(await ratingsOf(photo.id)).toEqual([{ userId: other.id, value: 5 }]);
  });

  it("lists the owner's own rating but leaves it out of the average", async () => {
    const { owner, photo, ownerCookie } = await photoWithOwner();
    const own = await rate(photo.id, { value: 5 }, ownerCookie);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ rating: null, ratingCount: 0, Ratings: [{ UserId: owner.id, value: 5 }] });
    expect(await storedRating(photo.id)).toEqual({ average: null, count: 0 });

    const member = await makeMember();
    const response = await rate(photo.id, { value: 2 }, await cookieFor(member.id));
    const body = (await response.json()) as { rating: number; Ratings: unknown[] };
    expect(body.rating).toBe(2);
    expect(body.Ratings).toEqual([
      { UserId: owner.id, value: 5 },
      { UserId: member.id, value: 2 },
    ]);
    expect(await storedRating(photo.id)).toEqual({ average: 2000, count: 1 });
  });

  it("lets an admin rate like any member", async () => {
    const { photo } = await photoWithOwner();
    const admin = await makeMember({ isAdmin: true });
    const response = await rate(photo.id, { value: 3 }, await cookieFor(admin.id));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ rating: 3, ratingCount: 1, Ratings: [{ UserId: admin.id, value: 3 }] });
  });

  it("takes the value as a form sends it ('3')", async () => {
    const { photo } = await photoWithOwner();
    const member = await makeMember();
    const response = await rate(photo.id, { value: "3" }, await cookieFor(member.id));
    expect(response.status).toBe(200);
    expect(await ratingsOf(photo.id)).toEqual([{ userId: member.id, value: 3 }]);
  });

  it("refuses a value that is not a whole number from 0 to 5 with 422 naming it, and writes nothing", async () => {
    const { photo } = await photoWithOwner();
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    await rate(photo.id, { value: 2 }, cookie);
    for (const value of [6, -1, 4.5, "five", "", null, true, [4], { value: 4 }]) {
      const response = await rate(photo.id, { value }, cookie);
      expect(response.status, JSON.stringify(value)).toBe(422);
      const body = (await response.json()) as { errors: { path: string }[] };
      expect(body.errors.map((error) => error.path)).toEqual(["value"]);
    }
    const missing = await rate(photo.id, {}, cookie);
    expect(missing.status).toBe(422);
    expect(await ratingsOf(photo.id)).toEqual([{ userId: member.id, value: 2 }]);
    expect(await storedRating(photo.id)).toEqual({ average: 2000, count: 1 });
  });

  it("answers 404 for a photo that does not exist or a malformed id, and 405 for GET", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    expect((await rate(2147483000, { value: 3 }, cookie)).status).toBe(404);
    expect((await rate("abc", { value: 3 }, cookie)).status).toBe(404);
    const get = await call(rateLoader, request(`/api/photos/1/rate`, { cookie }), { photoId: "1" });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });

  it("refuses a rating sent from another site", async () => {
    const { photo } = await photoWithOwner();
    const member = await makeMember();
    const response = await call(
      rateAction,
      request(`/api/photos/${photo.id}/rate`, {
        method: "POST",
        json: { value: 4 },
        cookie: await cookieFor(member.id),
        headers: { Origin: "https://elsewhere.example" },
      }),
      { photoId: String(photo.id) },
    );
    expect(response.status).toBe(403);
    expect(await ratingsOf(photo.id)).toEqual([]);
  });

  it("keeps the stored average exact when 30 members (and the owner) rate the same photo at once", async () => {
    const { owner, photo, ownerCookie } = await photoWithOwner();
    const raters = await Promise.all(Array.from({ length: 30 }, () => makeMember()));
    const cookies = await Promise.all(raters.map((rater) => cookieFor(rater.id)));

    // Round one: everyone rates at once, the owner among them.
    const first = await Promise.all([
      ...cookies.map((cookie, i) => rate(photo.id, { value: (i % 5) + 1 }, cookie)),
      rate(photo.id, { value: 1 }, ownerCookie),
    ]);
    expect(first.map((response) => response.status)).toEqual(first.map(() => 200));
    const fresh = await freshAggregate(photo.id, owner.id);
    expect(fresh.count).toBe(30);
    expect(await storedRating(photo.id)).toEqual(fresh);
    // Values 1..5 six times each: an average of exactly 3.
    expect(fresh.average).toBe(3000);

    // Round two: at once again, some change their rating, some clear it.
    const second = await Promise.all(
      cookies.map((cookie, i) => rate(photo.id, { value: i % 3 === 0 ? 0 : 5 - (i % 5) }, cookie)),
    );
    expect(second.map((response) => response.status)).toEqual(second.map(() => 200));
    const after = await freshAggregate(photo.id, owner.id);
    expect(after.count).toBe(20);
    expect(await storedRating(photo.id)).toEqual(after);
    const values = cookies.flatMap((_, i) => (i % 3 === 0 ? [] : [5 - (i % 5)]));
    expect(after.average).toBe(Math.round((values.reduce((a, b) => a + b, 0) * 1000) / values.length));
  });
});
