// Test helpers for photos without the upload pipeline: an `assets` row and a
// `photos` row with its derived keys, the stored objects written when asked, and
// features set straight in the table.
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { assets, comments, features, photos, ratings, users, type PhotoRow } from "@db/schema";
import { derivedKey, newOriginalKey } from "~/storage/keys.server";
import { storage } from "~/storage/storage.server";

type PhotoOptions = Partial<
  Pick<
    PhotoRow,
    | "caption"
    | "description"
    | "notes"
    | "takenAt"
    | "takenAtOffset"
    | "createdAt"
    | "meetingStartsAt"
    | "ratingAverage"
    | "metadata"
    | "license"
    | "width"
    | "height"
  >
> & {
  /** Write small stand-in objects for the original and both sizes (media and delete tests). */
  withFiles?: boolean;
};

export async function insertPhoto(userId: number, options: PhotoOptions = {}): Promise<PhotoRow> {
  const [photo] = await insertPhotos([userId], options);
  return photo!;
}

/** One photo per owner in `userIds` (in that order), as insertPhoto makes them, in two queries for all. */
export async function insertPhotos(userIds: number[], options: PhotoOptions = {}): Promise<PhotoRow[]> {
  const { withFiles, ...columns } = options;
  const keys = userIds.map(() => {
    const key = newOriginalKey();
    return { key, thumbKey: derivedKey(key, "thumb", "webp"), largeKey: derivedKey(key, "large", "webp") };
  });
  // Files first, rows after, as the upload pipeline stores them: a row never names a file not yet there.
  if (withFiles) {
    for (const { key, thumbKey, largeKey } of keys) {
      await storage().put(key, Buffer.from("original bytes"), { contentType: "image/jpeg" });
      await storage().put(thumbKey, Buffer.from("thumb bytes"), { contentType: "image/webp" });
      await storage().put(largeKey, Buffer.from("large bytes"), { contentType: "image/webp" });
    }
  }
  if (userIds.length === 0) return [];
  const made = await db()
    .insert(assets)
    .values(
      userIds.map((userId, i) => ({
        key: keys[i]!.key,
        filename: "street.jpg",
        contentType: "image/jpeg",
        byteSize: 4,
        createdById: userId,
        uploadedAt: new Date(),
        attachedAt: new Date(),
      })),
    )
    .returning();
  const assetIdOf = new Map(made.map((asset) => [asset.key, asset.id]));
  const rows = await db()
    .insert(photos)
    .values(
      userIds.map((userId, i) => ({
        userId,
        originalAssetId: assetIdOf.get(keys[i]!.key)!,
        filename: "street.jpg",
        thumbKey: keys[i]!.thumbKey,
        largeKey: keys[i]!.largeKey,
        width: 4,
        height: 3,
        ...columns,
      })),
    )
    .returning();
  // In the owners' order, whatever order the rows came back in.
  const byThumb = new Map(rows.map((photo) => [photo.thumbKey, photo]));
  return keys.map(({ thumbKey }) => byThumb.get(thumbKey)!);
}

/** Features a photo directly (positions must be given densely by the caller). */
export async function featureDirectly(
  photo: Pick<PhotoRow, "id" | "userId">,
  year: number,
  position: number,
  randomKey?: number,
) {
  await db().insert(features).values({ photoId: photo.id, userId: photo.userId, year, position, randomKey });
}

export async function rateDirectly(photoId: number, userId: number, value: number) {
  await db().insert(ratings).values({ photoId, userId, value });
}

/** The member's featured positions of a year: [[photoId, position], ...] in position order. */
export async function positionsOfYear(userId: number, year: number): Promise<[number, number][]> {
  const rows = await db().select().from(features).where(eq(features.userId, userId));
  return rows
    .filter((row) => row.year === year)
    .sort((a, b) => a.position - b.position)
    .map((row) => [row.photoId, row.position]);
}

export async function setJoinDate(userId: number, createdAt: Date) {
  await db().update(users).set({ createdAt }).where(eq(users.id, userId));
}

/** Comments put straight in the table, each [photo, its commenter, the words]: a fixture, no rules or e-mails. */
export async function commentDirectly(rows: [photo: { id: number }, member: { id: number }, body: string][]) {
  await db()
    .insert(comments)
    .values(rows.map(([photo, member, body]) => ({ photoId: photo.id, userId: member.id, body })));
}

/** A real 1,024 x 683 WebP (a gradient) stored as the photo's thumbnail, as processing would store one. */
export async function storeRealThumbnail(photo: Pick<PhotoRow, "thumbKey">): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const width = 1024;
  const height = 683;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 120;
    }
  }
  const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
  await storage().put(photo.thumbKey!, bytes, { contentType: "image/webp", size: bytes.length });
  return bytes;
}
