// The club's one settings row (club_settings, id 1): its name, the points, the
// competitions' rules, the winners gallery, when submissions close. Every page
// reads some of it, so the whole row is kept in memory under the members data
// version (the club_settings trigger moves it): one query while nothing
// changed, whichever settings a request asks for, and every process sees a
// change on its next request. Callers read it and never change it.
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { clubSettings } from "@db/schema";
import { requestVersions, VersionedCache } from "~/services/data-versions.server";

export type ClubSettingsRow = typeof clubSettings.$inferSelect;

const kept = new VersionedCache<ClubSettingsRow | null>("members", 1);

/** The row as it is now; null while the club never saved a setting (each reader has the columns' defaults). */
export async function clubSettingsRow(): Promise<ClubSettingsRow | null> {
  const versions = await requestVersions();
  let row = versions ? kept.get(versions, "row") : undefined;
  if (row === undefined) {
    [row = null] = await db().select().from(clubSettings).where(eq(clubSettings.id, 1));
    if (versions) kept.set(versions, "row", row);
  }
  return row;
}
