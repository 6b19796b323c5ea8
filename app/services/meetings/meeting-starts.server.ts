// The owner of photos.meetingStartsAt: a copy of when the meeting a photo is
// submitted to starts, kept on the row so the 'meeting' sort (the browse
// default) pages by an index instead of joining submissions and meetings.
// Every write that submits a photo, withdraws it, or moves a meeting's start
// calls refreshMeetingStarts in its transaction.
import { eq, inArray, sql } from "drizzle-orm";
import { db } from "@db/client.server";
import { meetingSubmissions, meetings, photos } from "@db/schema";

/**
 * Which photos to refresh: those named (a submission added or withdrawn: the
 * photo may now have no meeting), or those submitted to a meeting (its start moved).
 */
export type MeetingStartsTarget = { photoIds: number[] } | { meetingId: number };

/**
 * Recomputes photos' meetingStartsAt from their submission's meeting (null when
 * the photo is submitted nowhere). One statement on `db()`, so it joins the
 * caller's transaction.
 */
export async function refreshMeetingStarts(target: MeetingStartsTarget) {
  if ("photoIds" in target && target.photoIds.length === 0) return;
  const which =
    "photoIds" in target ? inArray(photos.id, target.photoIds) : eq(meetingSubmissions.meetingId, target.meetingId);
  const starts = db()
    .select({ photoId: photos.id, startsAt: sql<Date | null>`${meetings.startsAt}`.as("meeting_start") })
    .from(photos)
    .leftJoin(meetingSubmissions, eq(meetingSubmissions.photoId, photos.id))
    .leftJoin(meetings, eq(meetings.id, meetingSubmissions.meetingId))
    .where(which)
    .as("starts");
  await db()
    .update(photos)
    .set({ meetingStartsAt: sql`${starts.startsAt}` })
    .from(starts)
    // An unchanged row is not rewritten.
    .where(sql`${photos.id} = ${starts.photoId} and ${photos.meetingStartsAt} is distinct from ${starts.startsAt}`);
}
