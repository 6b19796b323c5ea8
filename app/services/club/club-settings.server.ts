// The club's settings as one resource (GET/PATCH /api/club, admins): its name,
// the standings' placing points, the competitions' entry rules and season
// points, whether visitors see the winners gallery, and when a meeting's
// submissions close.
import { db, transaction } from "@db/client.server";
import { clubSettings } from "@db/schema";
import type { ClubPatch } from "~/lib/club-schemas";
import type { CompetitionSettings } from "~/lib/competitions";
import type { PlacingPoints } from "~/lib/results";
import { requireAdmin, type ViewerRef } from "~/services/access.server";
import { competitionSettings, winnersGalleryOn } from "~/services/competitions/competition-settings.server";
import { clubName, saveClubName } from "./club-name.server";
import { placingPoints } from "./placing-points.server";
import { submissionsCloseHours } from "./submissions-close.server";

export type ClubJson = {
  name: string;
  placingPoints: PlacingPoints;
  winnersGallery: boolean;
  submissionsCloseHours: number;
} & CompetitionSettings;

export async function getClub(admin: ViewerRef): Promise<ClubJson> {
  requireAdmin(admin);
  const [name, points, competition, winnersGallery, closeHours] = await Promise.all([
    clubName(),
    placingPoints(),
    competitionSettings(),
    winnersGalleryOn(),
    submissionsCloseHours(),
  ]);
  return { name, placingPoints: points, ...competition, winnersGallery, submissionsCloseHours: closeHours };
}

export async function patchClub(admin: ViewerRef, patch: ClubPatch): Promise<ClubJson> {
  requireAdmin(admin);
  await transaction(async () => {
    if (patch.name !== undefined) await saveClubName(patch.name);
    const columns = Object.fromEntries(
      Object.entries({
        firstPlacePoints: patch.placingPoints?.first,
        secondPlacePoints: patch.placingPoints?.second,
        thirdPlacePoints: patch.placingPoints?.third,
        entryMinLongEdge: patch.entryMinLongEdge,
        entryTitleRequired: patch.entryTitleRequired,
        firstAwardPoints: patch.awardPoints?.["1st"],
        secondAwardPoints: patch.awardPoints?.["2nd"],
        thirdAwardPoints: patch.awardPoints?.["3rd"],
        commendedAwardPoints: patch.awardPoints?.HC,
        scoredEntryPoints: patch.scoredEntryPoints,
        winnersGallery: patch.winnersGallery,
        submissionsCloseHours: patch.submissionsCloseHours,
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(columns).length === 0) return;
    await db()
      .insert(clubSettings)
      .values({ id: 1, ...columns })
      .onConflictDoUpdate({ target: clubSettings.id, set: { ...columns, updatedAt: new Date() } });
  });
  return getClub(admin);
}
