// Anonymous review: the reveal (the rule itself is
// access.server's authorHiddenFrom / authorHiddenSql). An admin reveals an anonymous meeting once; from the commit on, its photos
// name their authors everywhere, its open pages and rooms are told
// ("meeting.revealed": the realtime layer makes them load the names), and the
// recap e-mails go (recaps.server.ts).
import { eq, sql } from "drizzle-orm";
import { afterCommit, db, outsideTransaction, transaction } from "@db/client.server";
import { meetings } from "@db/schema";
import { mayRevealNames, requireLoggedIn, type ViewerRef } from "~/services/access.server";
import { ConflictError, ForbiddenError } from "~/services/errors.server";
import { requestLog } from "~/base/logger.server";
import { toMeetingFieldsJson } from "./meeting-json.server";
import { type MeetingFieldsJson } from "~/lib/meeting-json";
import { loadMeeting } from "./meetings.server";
import { announceNames } from "./names-changed.server";
import { queueMeetingRecaps } from "./recaps.server";

export const NOT_ANONYMOUS_MESSAGE = "This meeting is not anonymous: its names are shown already.";
export const NAMES_REVEALED_MESSAGE = "The names are revealed.";
export const ALREADY_REVEALED_MESSAGE = "This meeting's names have been revealed already.";

export const COMPETITION_REVEALED_BY_RESULTS_MESSAGE =
  "A competition's names are shown when its results are published.";

/**
 * POST /api/meetings/{id}/reveal and the meeting page's 'Reveal names' (admins):
 * sets revealedAt. 409 when the meeting is not anonymous or was revealed
 * already (a second host's click changes nothing).
 */
export async function revealMeeting(viewer: ViewerRef, meetingId: number): Promise<MeetingFieldsJson> {
  requireLoggedIn(viewer);
  const meeting = await transaction(async () => {
    const before = await loadMeeting(meetingId, "update");
    if (!mayRevealNames(viewer)) throw new ForbiddenError("Only admins may reveal the names.");
    if (!before.anonymous) throw new ConflictError(NOT_ANONYMOUS_MESSAGE);
    if (before.revealedAt) throw new ConflictError(ALREADY_REVEALED_MESSAGE);
    if (before.kind === "competition") throw new ConflictError(COMPETITION_REVEALED_BY_RESULTS_MESSAGE);
    const [revealed] = await db()
      .update(meetings)
      .set({ revealedAt: sql`now()`, updatedAt: new Date() })
      .where(eq(meetings.id, meetingId))
      .returning();
    await announceNames(meetingId);
    recapAfterReveal(meetingId);
    return revealed!;
  });
  return toMeetingFieldsJson(meeting);
}

/** The recaps of a revealed meeting, after its commit (queueMeetingRecaps refuses to run inside one). */
export function recapAfterReveal(meetingId: number): void {
  afterCommit(() => {
    outsideTransaction(() => queueMeetingRecaps(meetingId)).catch((error: unknown) =>
      requestLog().error({ err: error }, `Could not send the recaps of meeting ${meetingId}`),
    );
  });
}
