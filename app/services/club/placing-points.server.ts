// The points a first, second and third place of a night are worth in the
// standings: a club setting, 3, 2 and 1 until an admin changes them
// on /admin/club, read from the club's settings row (club-settings-row.server.ts).
import { db } from "@db/client.server";
import { clubSettings } from "@db/schema";
import { DEFAULT_PLACING_POINTS, type PlacingPoints } from "~/lib/results";
import { requireAdmin, type ViewerRef } from "~/services/access.server";
import { clubSettingsRow } from "./club-settings-row.server";

/** The club's placing points as they are now. */
export async function placingPoints(): Promise<PlacingPoints> {
  const row = await clubSettingsRow();
  // A club that never saved a setting has no row yet: the defaults (the columns' own).
  if (!row) return DEFAULT_PLACING_POINTS;
  return { first: row.firstPlacePoints, second: row.secondPlacePoints, third: row.thirdPlacePoints };
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
