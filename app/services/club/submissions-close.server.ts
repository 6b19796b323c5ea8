// How many hours after a meeting starts its submissions close: a club setting
// (2, the meeting's two hours, until an admin changes it on /admin/club), so a
// late upload cannot change a past night's results.
import { DEFAULT_SUBMISSIONS_CLOSE_HOURS } from "~/lib/club-schemas";
import { clubSettingsRow } from "./club-settings-row.server";

/** The club's hours from a meeting's start to the close of its submissions. */
export async function submissionsCloseHours(): Promise<number> {
  // A club that never saved a setting has no row yet: the column's default.
  return (await clubSettingsRow())?.submissionsCloseHours ?? DEFAULT_SUBMISSIONS_CLOSE_HOURS;
}
