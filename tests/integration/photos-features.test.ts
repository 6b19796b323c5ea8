// The featured portfolio: owner only, at most 12 a year,
// dense 1-based positions that stay dense through adding, moving, removing,
// deleting and reordering; and random featured photos for the home page.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { features, users } from "@db/schema";
import { action as featureApi } from "~/routes/api/photos.feature";
import { action as reorderApi } from "~/routes/api/photos.features";
import { loader as photosList } from "~/routes/api/photos";
import { loader as randomApi } from "~/routes/api/photos.random";
import { action as photoAction } from "~/routes/api/photos.photo";
import { randomFeaturedIds } from "~/services/photos/queries.server";
import { cookieFor, makeMember, request } from "../support/members";
import { featureDirectly, insertPhoto, positionsOfYear, setJoinDate } from "../support/photos";
import { call } from "../support/routes";

const thisYear = new Date().getFullYear();

const feature = (photoId: number, json: unknown, cookie?: string) =>
  call(featureApi, request(`/api/photos/${photoId}/feature`, { method: "POST", json, cookie }), {
    photoId: String(photoId),
  });

const reorder = (userId: number, year: number, photoIds: number[], cookie?: string) =>
  call(reorderApi, request(`/api/photos/features/${userId}/${year}`, { method: "PUT", json: { photoIds }, cookie }), {
    userId: String(userId),
    year: String(year),
  });

async function ownerWithPhotos(count: number) {
  const owner = await makeMember();
  await setJoinDate(owner.id, new Date(thisYear - 3, 1, 1));
  const made = [];
  for (let i = 0; i < count; i++) made.push(await insertPhoto(owner.id, { caption: `Photo ${i}` }));
  return { owner, made, cookie: await cookieFor(owner.id) };
}

describe("POST /api/photos/{id}/feature", () => {
  it("is for the owner only: 401 for a visitor, 403 for another member", async () => {
    const { made } = await ownerWithPhotos(1);
    const other = await makeMember();
    expect((await feature(made[0]!.id, { year: thisYear })).status).toBe(401);
    expect((await feature(made[0]!.id, { year: thisYear }, await cookieFor(other.id))).status).toBe(403);
    expect(await db().select().from(features).where(eq(features.photoId, made[0]!.id))).toHaveLength(0);
  });

  it("adds photos at the end by default, or at a position, keeping positions dense", async () => {
    const { owner, made, cookie } = await ownerWithPhotos(4);
    const [a, b, c, d] = made.map((photo) => photo.id) as [number, number, number, number];
    const first = await feature(a, { year: thisYear }, cookie);
    expect(first.status).toBe(200);
    expect((await first.json()).Feature).toEqual({ year: thisYear, position: 1 });
    await feature(b, { year: thisYear }, cookie);
    await feature(c, { year: thisYear, position: 1 }, cookie);
    await feature(d, { year: thisYear, position: 2 }, cookie);
    expect(await positionsOfYear(owner.id, thisYear)).toEqual([
      [c, 1],
      [d, 2],
      [a, 3],
      [b, 4],
    ]);
    // Moving within the year.
    await feature(c, { year: thisYear, position: 4 }, cookie);
    expect((await positionsOfYear(owner.id, thisYear)).map(([id]) => id)).toEqual([d, a, b, c]);
  });

  it("closes the gap when a photo leaves its year, moves to another, or is deleted", async () => {
    const { owner, made, cookie } = await ownerWithPhotos(4);
    const [a, b, c, d] = made.map((photo) => photo.id) as [number, number, number, number];
    for (const id of [a, b, c, d]) await feature(id, { year: thisYear }, cookie);

    const off = await feature(b, { year: null }, cookie);
    expect((await off.json()).Feature).toBeNull();
    expect(await positionsOfYear(owner.id, thisYear)).toEqual([
      [a, 1],
      [c, 2],
      [d, 3],
    ]);

    await feature(a, { year: thisYear - 1 }, cookie);
    expect(await positionsOfYear(owner.id, thisYear)).toEqual([
      [c, 1],
      [d, 2],
    ]);
    expect(await positionsOfYear(owner.id, thisYear - 1)).toEqual([[a, 1]]);

    const deleted = await call(photoAction, request(`/api/photos/${c}`, { method: "DELETE", cookie }), {
      photoId: String(c),
    });
    expect(deleted.status).toBe(204);
    expect(await positionsOfYear(owner.id, thisYear)).toEqual([[d, 1]]);
  });

  it("refuses a 13th photo in a year with the contract's message, and keeps the year as it was", async () => {
    const { owner, made, cookie } = await ownerWithPhotos(13);
    for (const photo of made.slice(0, 12))
      expect((await feature(photo.id, { year: thisYear }, cookie)).status).toBe(200);
    const refused = await feature(made[12]!.id, { year: thisYear }, cookie);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      message: "There are already 12 photos featured for that year.",
      errors: [{ path: "year", message: "There are already 12 photos featured for that year." }],
    });
    expect((await positionsOfYear(owner.id, thisYear)).map(([, position]) => position)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    // A full year still lets its own photos move around, and other years are open.
    expect((await feature(made[0]!.id, { year: thisYear, position: 12 }, cookie)).status).toBe(200);
    expect((await feature(made[12]!.id, { year: thisYear - 1 }, cookie)).status).toBe(200);
  });

  it("only offers years from the later of joining and taking the photo up to this year", async () => {
    const { owner, cookie } = await ownerWithPhotos(0);
    const taken = await insertPhoto(owner.id, { takenAt: new Date(Date.UTC(thisYear - 1, 5, 1)) });
    for (const year of [thisYear - 2, thisYear + 1]) {
      const response = await feature(taken.id, { year }, cookie);
      expect(response.status, String(year)).toBe(422);
      expect((await response.json()).errors[0]).toEqual({
        path: "year",
        message: `Year must be between ${thisYear - 1} and ${thisYear}.`,
      });
    }
    expect((await feature(taken.id, { year: thisYear - 1 }, cookie)).status).toBe(200);
    expect((await feature(taken.id, { year: "nineteen" }, cookie)).status).toBe(422);
  });
});

describe("PUT /api/photos/features/{userId}/{year}", () => {
  it("saves the owner's order as positions 1..n and answers the year in that order", async () => {
    const { owner, made, cookie } = await ownerWithPhotos(5);
    const ids = made.map((photo) => photo.id);
    for (const id of ids) await feature(id, { year: thisYear }, cookie);
    const wanted = [ids[4]!, ids[2]!, ids[0]!, ids[3]!, ids[1]!];
    const response = await reorder(owner.id, thisYear, wanted, cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: number; Feature: { position: number } }[];
    expect(body.map((photo) => photo.id)).toEqual(wanted);
    expect(body.map((photo) => photo.Feature.position)).toEqual([1, 2, 3, 4, 5]);
    expect(await positionsOfYear(owner.id, thisYear)).toEqual(wanted.map((id, index) => [id, index + 1]));

    // The year view of the API lists them in the new order.
    const year = await call(photosList, request(`/api/photos?userId=${owner.id}&year=${thisYear}`));
    expect(((await year.json()) as { id: number }[]).map((photo) => photo.id)).toEqual(wanted);
  });

  it("refuses an order that leaves out, repeats or adds photos, and anyone but the member", async () => {
    const { owner, made, cookie } = await ownerWithPhotos(3);
    const ids = made.map((photo) => photo.id);
    for (const id of ids.slice(0, 2)) await feature(id, { year: thisYear }, cookie);
    for (const wrong of [[ids[0]!], [ids[0]!, ids[0]!], [ids[0]!, ids[1]!, ids[2]!]]) {
      expect((await reorder(owner.id, thisYear, wrong, cookie)).status).toBe(422);
    }
    expect((await reorder(owner.id, thisYear, [ids[1]!, ids[0]!])).status).toBe(401);
    const other = await makeMember();
    expect((await reorder(owner.id, thisYear, [ids[1]!, ids[0]!], await cookieFor(other.id))).status).toBe(403);
    expect(await positionsOfYear(owner.id, thisYear)).toEqual([
      [ids[0], 1],
      [ids[1], 2],
    ]);
  });
});

describe("random featured photos", () => {
  it("draws from a random point in the random-key index and wraps round to the start", async () => {
    const { owner, made } = await ownerWithPhotos(3);
    // Keys at the very end of [0, 1): a draw starting just below them must find them, then wrap.
    await featureDirectly(made[0]!, thisYear, 1, 0.99999999991);
    await featureDirectly(made[1]!, thisYear, 2, 0.99999999992);
    await featureDirectly(made[2]!, thisYear, 3, 0.99999999993);
    const member = (await db().select().from(users).where(eq(users.id, owner.id)))[0]!;
    const ids = await randomFeaturedIds(member, 12, 0.9999999999);
    expect(ids.slice(0, 3)).toEqual(made.map((photo) => photo.id));
    expect(ids.length).toBeGreaterThan(3);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives visitors featured photos of public, active members only", async () => {
    const shown = await ownerWithPhotos(2);
    const hidden = await ownerWithPhotos(2);
    await db().update(users).set({ isPublic: false }).where(eq(users.id, hidden.owner.id));
    for (const [index, photo] of [...shown.made, ...hidden.made].entries())
      await featureDirectly(photo, thisYear, (index % 2) + 1);
    const hiddenIds = new Set(hidden.made.map((photo) => photo.id));

    for (let i = 0; i < 15; i++) {
      const response = await call(randomApi, request("/api/photos/random"));
      const body = (await response.json()) as { id: number; Feature: unknown; largeUrl: unknown }[];
      expect(body.length).toBeGreaterThan(0);
      expect(body.length).toBeLessThanOrEqual(12);
      for (const photo of body) {
        expect(hiddenIds.has(photo.id)).toBe(false);
        expect(photo.Feature).not.toBeNull();
        expect(photo.largeUrl).toBeNull();
      }
    }
    // Members do get the hidden member's photos, when the draw lands on them.
    const cookie = await cookieFor(shown.owner.id);
    const start = (await db().select().from(features).where(eq(features.photoId, hidden.made[0]!.id)))[0]!.randomKey;
    const member = (await db().select().from(users).where(eq(users.id, shown.owner.id)))[0]!;
    expect(await randomFeaturedIds(member, 1, start)).toEqual([hidden.made[0]!.id]);
    expect(await randomFeaturedIds(null, 12, start)).not.toContain(hidden.made[0]!.id);
    expect((await call(randomApi, request("/api/photos/random", { cookie }))).status).toBe(200);
  });
});
