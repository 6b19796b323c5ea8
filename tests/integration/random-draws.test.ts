// The home page's random photos come from draws kept at the photos' data
// version (random-draws.server.ts drawnFeaturedIds): visits take turns through one
// draw, a club with few featured photos is drawn whole, and any change to
// features or members is seen by the very next visit.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { assets, features, photos, users } from "@db/schema";
import { randomPhotos, RANDOM_PHOTO_COUNT } from "~/services/photos/photos.server";
import { makeMember } from "../support/members";
import { featureDirectly, insertPhoto } from "../support/photos";
import { useOwnDatabase } from "../support/test-database";

// Every featured photo is counted here: a database of its own.
useOwnDatabase("club_random_draws");

const year = new Date().getFullYear();
const visit = async () => (await randomPhotos(null)).map((photo) => photo.id);

/** `count` featured photos of a new member, written in bulk. */
async function featuredPhotosOfNewMember(count: number): Promise<{ memberId: number; ids: number[] }> {
  const member = await makeMember();
  const made = await db()
    .insert(assets)
    .values(
      Array.from({ length: count }, (_, i) => ({
        key: `originals/draw-${member.id}-${i}`,
        filename: "street.jpg",
        contentType: "image/jpeg",
        byteSize: 4,
        createdById: member.id,
        uploadedAt: new Date(),
        attachedAt: new Date(),
      })),
    )
    .returning({ id: assets.id });
  const rows = await db()
    .insert(photos)
    .values(made.map((asset) => ({ userId: member.id, originalAssetId: asset.id, filename: "street.jpg" })))
    .returning({ id: photos.id });
  await db()
    .insert(features)
    .values(
      // Twelve a year at most: as many years back as it takes.
      rows.map((row, i) => ({
        photoId: row.id,
        userId: member.id,
        year: year - Math.floor(i / 12),
        position: (i % 12) + 1,
      })),
    );
  return { memberId: member.id, ids: rows.map((row) => row.id) };
}

describe("random featured photos, drawn in bulk", () => {
  it("shows every photo of a club with few featured, in turn, and a new feature at the next visit", async () => {
    const member = await makeMember();
    const few = [];
    for (let i = 0; i < 5; i++) few.push(await insertPhoto(member.id));
    for (const [i, photo] of few.slice(0, 4).entries()) await featureDirectly(photo, year, i + 1);
    const featured = few.slice(0, 4).map((photo) => photo.id);
    for (let i = 0; i < 5; i++) expect((await visit()).sort()).toEqual([...featured].sort());
    await featureDirectly(few[4]!, year, 5);
    expect(await visit()).toContain(few[4]!.id);
  });

  it("gives visits in a row different photos from one draw, then draws again", async () => {
    await featuredPhotosOfNewMember(300);
    const seen: number[] = [];
    // One draw serves twenty visits of twelve: none of them repeats a photo.
    for (let i = 0; i < 20; i++) {
      const ids = await visit();
      expect(ids).toHaveLength(RANDOM_PHOTO_COUNT);
      seen.push(...ids);
    }
    expect(new Set(seen).size).toBe(seen.length);
    // The draw used up, the next visit gets a new one.
    expect(await visit()).toHaveLength(RANDOM_PHOTO_COUNT);
  });

  it("stops showing a member's photos to visitors at the very next visit once they are hidden", async () => {
    const hidden = await featuredPhotosOfNewMember(150);
    const hiddenIds = new Set(hidden.ids);
    const shown = async () => (await visit()).filter((id) => hiddenIds.has(id)).length;
    let before = 0;
    for (let i = 0; i < 10; i++) before += await shown();
    expect(before).toBeGreaterThan(0); // a third of the club's featured photos are theirs
    await db().update(users).set({ isPublic: false }).where(eq(users.id, hidden.memberId));
    for (let i = 0; i < 25; i++) expect(await shown()).toBe(0);
  });
});
