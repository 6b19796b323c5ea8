// How many hours after a meeting starts its submissions close: a club setting
// (2, the meeting's two hours, until an admin changes it on /admin/club), so a
// late upload cannot change a past night's results. Every upload and the upload
// page ask it, so it is kept in memory under the members data version, as the
// placing points are: the club_settings trigger moves it.
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { clubSettings } from "@db/schema";
import { DEFAULT_SUBMISSIONS_CLOSE_HOURS } from "~/lib/club-schemas";
import { requestVersions, VersionedCache } from "~/services/data-versions.server";

const kept = new VersionedCache<number>("members", 1);

/** The club's hours from a meeting's start to the close of its submissions. */
export async function submissionsCloseHours(): Promise<number> {
  const versions = await requestVersions();
  let hours = versions ? kept.get(versions, "hours") : undefined;
  if (hours === undefined) {
    const [row] = await db()
      .select({ hours: clubSettings.submissionsCloseHours })
      .from(clubSettings)
      .where(eq(clubSettings.id, 1));
    // A club that never saved a setting has no row yet: the column's default.
    hours = row?.hours ?? DEFAULT_SUBMISSIONS_CLOSE_HOURS;
    if (versions) kept.set(versions, "hours", hours);
  }
  return hours;
}
