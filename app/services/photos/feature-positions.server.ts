// Keeping each member's featured years dense: positions 1..n, unique within a
// year (features_user_year_position_key). That unique index is not deferrable and
// positions must stay within 1..12 (features_position_check), so shifting rows
// one by one could collide midway; a year is rewritten whole instead: its rows
// are deleted and inserted again in the new order, keeping each one's random key.
//
// Each of these runs in its caller's transaction (`transaction(...)` from
// @db/client.server), after lockMemberFeatures.
import { and, asc, eq } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { features, users } from "@db/schema";

export type FeatureRow = typeof features.$inferSelect;
export type NewFeatureRow = Omit<FeatureRow, "position" | "randomKey" | "createdAt"> &
  Partial<Pick<FeatureRow, "randomKey" | "createdAt">>;

/**
 * Serialises feature changes per member: two tabs featuring photos of the same
 * member at once wait for each other instead of both taking position 12.
 * Held until the caller's transaction ends. FOR NO KEY UPDATE, not FOR UPDATE: it
 * excludes only its own kind, not the key share every insert naming the member
 * takes (a submission, a rating), so deleting a photo (which closes its feature
 * gap here, then deletes the photo) and submitting it (the photo locked, then a
 * submission naming its member inserted) no longer wait on each other in a
 * circle: a deadlock PostgreSQL broke after 1 s with a 500.
 */
export async function lockMemberFeatures(userId: number) {
  await db().select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

export async function featureOfPhoto(photoId: number): Promise<FeatureRow | null> {
  const [feature] = await db().select().from(features).where(eq(features.photoId, photoId)).limit(1);
  return feature ?? null;
}

export async function featuresOfYear(userId: number, year: number): Promise<FeatureRow[]> {
  return db()
    .select()
    .from(features)
    .where(and(eq(features.userId, userId), eq(features.year, year)))
    .orderBy(asc(features.position));
}

/** Writes one year of a member's portfolio in this order, at positions 1..n. */
export async function rewriteYear(userId: number, year: number, ordered: NewFeatureRow[]) {
  await db()
    .delete(features)
    .where(and(eq(features.userId, userId), eq(features.year, year)));
  if (ordered.length === 0) return;
  await db()
    .insert(features)
    .values(
      ordered.map((feature, index) => ({
        photoId: feature.photoId,
        userId,
        year,
        position: index + 1,
        randomKey: feature.randomKey,
        createdAt: feature.createdAt,
      })),
    );
}

/** Rewrites a year without this photo, closing the gap it leaves there. */
export async function leaveYear(userId: number, year: number, photoId: number) {
  const rest = (await featuresOfYear(userId, year)).filter((row) => row.photoId !== photoId);
  await rewriteYear(userId, year, rest);
}

/** Takes a photo out of its featured year (if it is in one) and closes the gap it leaves. */
export async function closeFeatureGap(userId: number, photoId: number): Promise<FeatureRow | null> {
  return transaction(async () => {
    await lockMemberFeatures(userId);
    const feature = await featureOfPhoto(photoId);
    if (feature) await leaveYear(userId, feature.year, photoId);
    return feature;
  });
}
