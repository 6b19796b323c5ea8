// A competition night on the presenter's screen: each entry by its category,
// number and title, and, when the host shows it, the judge's comments or its
// result (score and award in large type) on every screen of the review room.
// What a screen shows is read here, when the host asks, never sent ahead to
// the members' pages: until the host shows an entry's result, no member's
// browser holds its score.
import type { MeetingRow } from "@db/schema";
import type { EntryShown, ShowEntry } from "~/lib/realtime-events";
import { authorOnSharedScreen, mayManageMeetings, mayShowEntryResults, type ViewerRef } from "~/services/access.server";
import { loadMeeting } from "~/services/meetings/meetings.server";
import { competitionResults } from "./competition-results.server";
import { competitionEntries } from "./judging.server";

/** An entry as the presenter's screen names it: its category and its number in the competition. */
export type ScreenEntry = { number: number; category: string };

/** The presenter's screen of a competition: its entries' numbers and whether this member may show results. */
export async function competitionScreen(viewer: ViewerRef, meeting: MeetingRow) {
  const entries = await competitionEntries(meeting.id);
  const scored = entries.filter((entry) => entry.score !== null).length;
  const published = meeting.resultsPublishedAt !== null;
  return {
    entries: new Map(entries.map((entry): [number, ScreenEntry] => [entry.photoId, entryOf(entry)])),
    mayShowResults: mayShowEntryResults(viewer, { published, scored, total: entries.length }),
  };
}

const entryOf = (entry: { number: number; categoryName: string }): ScreenEntry => ({
  number: entry.number,
  category: entry.categoryName,
});

/**
 * What the room's screens show when the host shows an entry ('entry' hides its comments and result
 * again), or null when this member may not (not an admin, not a competition, not every entry scored
 * yet, not an entry of it): the room hears nothing then.
 */
export async function entryOnScreen(
  viewer: ViewerRef,
  meetingId: number,
  asked: ShowEntry,
): Promise<EntryShown | null> {
  if (!mayManageMeetings(viewer)) return null;
  const meeting = await loadMeeting(meetingId);
  if (meeting.kind !== "competition") return null;
  const results = await competitionResults(viewer, meeting);
  if (!mayShowEntryResults(viewer, results)) return null;
  const row = results.categories.flatMap((category) => category.results).find((r) => r.Photo.id === asked.photoId);
  if (!row) return null;
  const { show } = asked;
  const result = show === "result";
  return {
    photoId: row.Photo.id,
    show,
    critique: show === "comments" ? row.critique : null,
    score: result ? row.score : null,
    scoreMax: result ? results.Meeting.scoreMax : null,
    award: result ? row.award : null,
    // The admin's own entry comes named in their results; a shared screen names nobody before publishing.
    author: result ? authorOnSharedScreen(meeting, row.User) : null,
  };
}
