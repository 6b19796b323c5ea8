// The club's competition settings: the entry rules and the season's points
// (an admin changes them through PATCH /api/club), and whether visitors see the
// winners gallery, read from the club's settings row.
import { DEFAULT_COMPETITION_SETTINGS, type CompetitionSettings } from "~/lib/competitions";
import { clubSettingsRow } from "~/services/club/club-settings-row.server";

export async function competitionSettings(): Promise<CompetitionSettings> {
  const row = await clubSettingsRow();
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

/** Whether the club shows its winners gallery (/winners; off until an admin turns it on). */
export async function winnersGalleryOn(): Promise<boolean> {
  return (await clubSettingsRow())?.winnersGallery ?? false;
}
