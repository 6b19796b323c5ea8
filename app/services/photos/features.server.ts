// A member's public portfolio: the owner features a photo
// in a year, at most 12 a year, at a 1-based position, and reorders the year.
import { eq } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { users } from "@db/schema";
import { featureYears } from "~/lib/feature-years";
import { FEATURE_YEAR_FULL_MESSAGE, MAX_FEATURED_PER_YEAR } from "~/lib/photo-schemas";
import { requireOwner, type ViewerRef } from "~/services/access.server";
import { InvalidError } from "~/services/errors.server";
import {
  closeFeatureGap,
  featureOfPhoto,
  featuresOfYear,
  leaveYear,
  lockMemberFeatures,
  rewriteYear,
  type NewFeatureRow,
} from "./feature-positions.server";
import type { PhotoJson } from "~/lib/club-json";
import { photoOwnedBy } from "./ownership.server";
import { getPhoto, listFeaturedPhotos } from "./photos.server";

/** The years the owner may feature this photo in, newest first. */
export async function featureYearsFor(photo: {
  userId: number;
  takenAt: Date | null;
  takenAtOffset: string | null;
}): Promise<number[]> {
  const [owner] = await db().select({ createdAt: users.createdAt }).from(users).where(eq(users.id, photo.userId));
  return owner ? featureYears(owner.createdAt, photo.takenAt, photo.takenAtOffset) : [];
}

/**
 * Features the photo in `year` (at `position`, default last; or where it already
 * is, when only the position changes), or un-features it when `year` is null.
 * Leaving a year closes its gap. Owner only.
 */
export async function featurePhoto(
  viewer: ViewerRef,
  photoId: number,
  choice: { year: number | null; position?: number },
): Promise<PhotoJson> {
  const photo = await photoOwnedBy(viewer, photoId);
  const { year } = choice;
  if (year === null) {
    await closeFeatureGap(photo.userId, photoId);
    return getPhoto(viewer, photoId);
  }

  const allowed = await featureYearsFor(photo);
  if (!allowed.includes(year)) {
    const message =
      allowed.length === 0
        ? "This photo cannot be featured yet."
        : `Year must be between ${allowed[allowed.length - 1]} and ${allowed[0]}.`;
    // The message also goes on top: the year select has no field to show it under.
    throw new InvalidError([{ path: "year", message }], message);
  }

  await transaction(async () => {
    await lockMemberFeatures(photo.userId);
    const current = await featureOfPhoto(photoId);
    const others = (await featuresOfYear(photo.userId, year)).filter((row) => row.photoId !== photoId);
    if (others.length >= MAX_FEATURED_PER_YEAR) {
      throw new InvalidError([{ path: "year", message: FEATURE_YEAR_FULL_MESSAGE }], FEATURE_YEAR_FULL_MESSAGE);
    }
    if (current && current.year !== year) await leaveYear(photo.userId, current.year, photoId);
    const sameYear = current?.year === year;
    const wanted = choice.position ?? (sameYear ? current.position : others.length + 1);
    const at = Math.min(Math.max(wanted, 1), others.length + 1) - 1;
    const row: NewFeatureRow = current ? { ...current, year } : { photoId, userId: photo.userId, year };
    await rewriteYear(photo.userId, year, [...others.slice(0, at), row, ...others.slice(at)]);
  });
  return getPhoto(viewer, photoId);
}

/**
 * The owner's new order for one year's featured photos (first to last); it must
 * name each of them exactly once. Positions become 1..n.
 */
export async function reorderFeatures(
  viewer: ViewerRef,
  userId: number,
  year: number,
  photoIds: number[],
): Promise<PhotoJson[]> {
  requireOwner(viewer, { userId }, "Only the member may reorder their photos.");
  await transaction(async () => {
    await lockMemberFeatures(userId);
    const rows = await featuresOfYear(userId, year);
    const byPhoto = new Map(rows.map((row) => [row.photoId, row]));
    if (photoIds.length !== rows.length || !photoIds.every((id) => byPhoto.has(id))) {
      throw new InvalidError(
        [{ path: "photoIds", message: "The order must name each photo featured in that year once." }],
        "The featured photos changed meanwhile. Please reload the page.",
      );
    }
    await rewriteYear(
      userId,
      year,
      photoIds.map((id) => byPhoto.get(id)!),
    );
  });
  return listFeaturedPhotos(viewer, userId, year);
}
