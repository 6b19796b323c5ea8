// The anonymity rule of the access layer (access.server.ts re-exports it, so
// services ask access.server for every rule).
//
// A photo submitted to an anonymous meeting that no admin has revealed yet
// (meetings.anonymous, revealedAt null), or withdrawn from one, hides who made
// it from everyone but its owner, admins included (the host's screen is what
// the call sees), in every channel: its JSON withholds author, avatar, file
// name, camera, lens, date taken and upload time, and lists who rated it to
// nobody but each rater; it is left out of every list but its meeting
// (galleries, /browse, the home page, the comments list); its owner's comments
// on it read as 'the author'; and in the live rooms its owner is named as any
// other member (liveViewerOf), so that nothing sets them apart, not even by
// elimination. Every channel that carries a photo or a member asks these.
import { and, eq, exists, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { db } from "@db/client.server";
import { meetings, meetingSubmissions, withdrawnSubmissions } from "@db/schema";
import type { ViewerRef } from "./access.server";

/**
 * What the rule reads of a photo's meeting: none, or whether it is anonymous and revealed (and, for one the
 * photo was withdrawn from, its start: photoAnonymity).
 */
export type MeetingAnonymity = {
  anonymous: boolean;
  revealedAt: Date | string | null;
  withdrawnFromStart?: Date;
} | null;

/** Whether a meeting still hides its photos' authors (anonymous and not revealed). */
export function isUnrevealed(meeting: MeetingAnonymity): boolean {
  return !!meeting && meeting.anonymous && meeting.revealedAt === null;
}

/** Whether the viewer may not learn who made this photo: it is in an unrevealed anonymous meeting and not theirs. */
export function authorHiddenFrom(viewer: ViewerRef, photo: { userId: number }, meeting: MeetingAnonymity): boolean {
  return isUnrevealed(meeting) && viewer?.id !== photo.userId;
}

/** isUnrevealed as a condition on `meetings`. */
export function unrevealedMeetingSql(): SQL {
  return and(eq(meetings.anonymous, true), isNull(meetings.revealedAt))!;
}

/**
 * The photo (`photoId`) is in, or was withdrawn from, an unrevealed anonymous
 * meeting, and the viewer is not its owner: one probe of each table's photo
 * index per row. Both tables say who submitted, so the owner is told apart
 * without reading the photo.
 */
function hiddenByRows(
  table: typeof meetingSubmissions | typeof withdrawnSubmissions,
  viewer: ViewerRef,
  photoId: SQLWrapper,
): SQL {
  return exists(
    db()
      .select({ one: sql`1` })
      .from(table)
      .innerJoin(meetings, eq(meetings.id, table.meetingId))
      .where(
        and(
          eq(table.photoId, photoId),
          unrevealedMeetingSql(),
          viewer ? sql`${table.userId} <> ${viewer.id}` : undefined,
        ),
      ),
  );
}

/**
 * authorHiddenFrom as a condition on a photo id (`photos.id`, `comments.photoId`):
 * the photo is in an unrevealed anonymous meeting, or was withdrawn from one,
 * and the viewer did not submit it.
 */
export function authorHiddenSql(viewer: ViewerRef, photoId: SQLWrapper): SQL {
  return or(hiddenByRows(meetingSubmissions, viewer, photoId), hiddenByRows(withdrawnSubmissions, viewer, photoId))!;
}

/** The start of an unrevealed anonymous meeting the photo (`photoId`) was withdrawn from, or null: for its record. */
export function withdrawnUnrevealedSql(photoId: SQLWrapper): SQL<Date | null> {
  const first = db()
    .select({ startsAt: meetings.startsAt })
    .from(withdrawnSubmissions)
    .innerJoin(meetings, eq(meetings.id, withdrawnSubmissions.meetingId))
    .where(and(eq(withdrawnSubmissions.photoId, photoId), unrevealedMeetingSql()))
    .orderBy(meetings.startsAt)
    .limit(1);
  return sql`(${first})`.mapWith(meetings.startsAt) as SQL<Date | null>;
}

/** The anonymity a photo is under: its meeting's, or, withdrawn from an unrevealed one, that one's until it is revealed. */
export function photoAnonymity(meeting: MeetingAnonymity, withdrawnFrom: Date | null): MeetingAnonymity {
  return withdrawnFrom && !isUnrevealed(meeting)
    ? { anonymous: true, revealedAt: null, withdrawnFromStart: withdrawnFrom }
    : meeting;
}

/**
 * Who a member is to the others in a live room, photo or review: their id and
 * first name, the same in every room, whether or not the photo on screen is
 * theirs. A name for the owner alone ('the author') named them by elimination
 * among the others, and its comings and goings paired with theirs across rooms.
 */
export function liveViewerOf(member: { id: number; firstName: string }): { id: number; firstName: string } {
  return { id: member.id, firstName: member.firstName };
}

/**
 * The ratings of a photo a viewer may see listed by member: all of them, but
 * until an anonymous meeting's reveal only the viewer's own (its count and
 * average stay): a list of raters in which its owner is the one never listed
 * (their own rating leaves the average) names them by elimination.
 */
export function ratingsShownTo<R extends { UserId: number }>(
  viewer: ViewerRef,
  meeting: MeetingAnonymity,
  ratings: R[],
): R[] {
  if (!isUnrevealed(meeting)) return ratings;
  return viewer ? ratings.filter((rating) => rating.UserId === viewer.id) : [];
}

/**
 * Whether an edit may end a meeting's anonymity: not once members have
 * submitted to it unrevealed (turning it off and on again would be a peek);
 * then only the reveal ends it, which is recorded and sends the recaps.
 */
export function mayEndAnonymity(meeting: MeetingAnonymity, { submitted }: { submitted: boolean }): boolean {
  return !isUnrevealed(meeting) || !submitted;
}

/**
 * The author a shared screen (the presenter's, every window of a review room) may name for an entry:
 * nobody until the meeting's names are out, its owner's own screen included, since the call sees it.
 */
export function authorOnSharedScreen(
  meeting: MeetingAnonymity,
  owner: { firstName: string; lastName: string } | null,
): string | null {
  return isUnrevealed(meeting) || !owner ? null : `${owner.firstName} ${owner.lastName}`;
}
