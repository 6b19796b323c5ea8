// The points a first, second and third place of a night are worth in the
// standings: a club setting, 3, 2 and 1 until an admin changes them
// on /admin/club. Kept in memory under the members data version, as the club's
// name is (club-name.server.ts): the club_settings trigger moves it.
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { clubSettings } from "@db/schema";
import { DEFAULT_PLACING_POINTS, type PlacingPoints } from "~/lib/results";
import { requireAdmin, type ViewerRef } from "~/services/access.server";
import { requestVersions, VersionedCache } from "~/services/data-versions.server";

const kept = new VersionedCache<PlacingPoints>("members", 1);

async function storedPoints(): Promise<PlacingPoints> {
  const [row] = await db()
    .select({
      first: clubSettings.firstPlacePoints,
      second: clubSettings.secondPlacePoints,
      third: clubSettings.thirdPlacePoints,
    })
    .from(clubSettings)
    .where(eq(clubSettings.id, 1));
  // A club that never saved a setting has no row yet: the defaults (the columns' own).
  return row ?? DEFAULT_PLACING_POINTS;
}

/** The club's placing points as they are now. */
export async function placingPoints(): Promise<PlacingPoints> {
  const versions = await requestVersions();
  let points = versions ? kept.get(versions, "points") : undefined;
  if (points === undefined) {
    points = await storedPoints();
    if (versions) kept.set(versions, "points", points);
  }
  return points;
}

/** An admin sets the placing points (/admin/club); the schema has bounded and ordered them. */
export async function savePlacingPoints(admin: ViewerRef, points: PlacingPoints): Promise<PlacingPoints> {
  requireAdmin(admin);
  const columns = {
    firstPlacePoints: points.first,
    secondPlacePoints: points.second,
    thirdPlacePoints: points.third,
  };
  await db()
    .insert(clubSettings)
    .values({ id: 1, ...columns })
    .onConflictDoUpdate({ target: clubSettings.id, set: { ...columns, updatedAt: new Date() } });
  return points;
}
