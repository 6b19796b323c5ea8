// Publishing a competition's results: apart from reading them
// (competition-results.server.ts), because publishing sends the recaps, and
// the recaps read the results.
import { eq, sql } from "drizzle-orm";
import { transaction, db } from "@db/client.server";
import { meetings } from "@db/schema";
import type { CompetitionResultsJson } from "~/lib/competition-results";
import { mayManageMeetings, type ViewerRef } from "~/services/access.server";
import { ConflictError, ForbiddenError } from "~/services/errors.server";
import { recapAfterReveal } from "~/services/meetings/anonymity.server";
import { loadMeeting } from "~/services/meetings/meetings.server";
import { announceNames } from "~/services/meetings/names-changed.server";
import {
  ALREADY_PUBLISHED_MESSAGE,
  competitionResults,
  notAllScoredMessage,
  requireCompetition,
} from "./competition-results.server";
import { competitionEntries } from "./judging.server";

/**
 * POST /api/meetings/{id}/publish (admins): once the judge has scored every entry, the results
 * become the club's: names shown (the reveal), the judge's link closed, the recaps sent.
 */
export async function publishResults(viewer: ViewerRef, meetingId: number): Promise<CompetitionResultsJson> {
  if (!mayManageMeetings(viewer)) throw new ForbiddenError("Only admins may publish the results.");
  const meeting = await transaction(async () => {
    const before = await loadMeeting(meetingId, "update");
    requireCompetition(before);
    if (before.resultsPublishedAt) throw new ConflictError(ALREADY_PUBLISHED_MESSAGE);
    const entries = await competitionEntries(meetingId);
    const scored = entries.filter((entry) => entry.score !== null).length;
    if (entries.length === 0 || scored < entries.length)
      throw new ConflictError(notAllScoredMessage(scored, entries.length));
    const [published] = await db()
      .update(meetings)
      .set({
        resultsPublishedAt: sql`now()`,
        revealedAt: sql`coalesce(${meetings.revealedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(meetings.id, meetingId))
      .returning();
    await announceNames(meetingId);
    recapAfterReveal(meetingId);
    return published!;
  });
  return competitionResults(viewer, meeting);
}
