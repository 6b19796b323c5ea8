// The club's competition settings: the entry rules and the season's points
// (an admin changes them through PATCH /api/club). Kept in memory under the
// members data version, as the placing points are: the club_settings trigger moves it.
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { clubSettings } from "@db/schema";
import { DEFAULT_COMPETITION_SETTINGS, type CompetitionSettings } from "~/lib/competitions";
import { requestVersions, VersionedCache } from "~/services/data-versions.server";

const kept = new VersionedCache<CompetitionSettings>("members", 1);
const galleryKept = new VersionedCache<boolean>("members", 1);

async function storedSettings(): Promise<CompetitionSettings> {
  const [row] = await db().select().from(clubSettings).where(eq(clubSettings.id, 1));
  // A club that never saved a setting has no row yet: the defaults (the columns' own).
  if (!row) return DEFAULT_COMPETITION_SETTINGS;
  return {
    entryMinLongEdge: row.entryMinLongEdge,
    entryTitleRequired: row.entryTitleRequired,
    awardPoints: {
      "1st": row.firstAwardPoints,
      "2nd": row.secondAwardPoints,
      "3rd": row.thirdAwardPoints,
      HC: row.commendedAwardPoints,
    },
    scoredEntryPoints: row.scoredEntryPoints,
  };
}

export async function competitionSettings(): Promise<CompetitionSettings> {
  const versions = await requestVersions();
  let settings = versions ? kept.get(versions, "competition") : undefined;
  if (settings === undefined) {
    settings = await storedSettings();
    if (versions) kept.set(versions, "competition", settings);
  }
  return settings;
}

/**
 * Whether the club shows its winners gallery (/winners; off until an admin turns it on): the navbar
 * and every visitor's image request read it, so it is kept like the settings above.
 */
export async function winnersGalleryOn(): Promise<boolean> {
  const versions = await requestVersions();
  let on = versions ? galleryKept.get(versions, "gallery") : undefined;
  if (on === undefined) {
    const [row] = await db()
      .select({ on: clubSettings.winnersGallery })
      .from(clubSettings)
      .where(eq(clubSettings.id, 1));
    on = row?.on ?? false;
    if (versions) galleryKept.set(versions, "gallery", on);
  }
  return on;
}
