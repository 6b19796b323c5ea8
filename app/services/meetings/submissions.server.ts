// Meeting submissions: a member's upload becomes a photo and a submission at
// their next position, within the meeting's allowance (maxUploadsCount minus
// what they already submitted), and only for members on the meeting's list.
// The author may reorder or withdraw their submissions while the meeting is
// upcoming.
//
// The allowance holds under concurrency: each change of one member's
// submissions to one meeting runs in a transaction that first takes a lock on
// that (meeting, member) pair, then counts; ten parallel uploads against an
// allowance of four make exactly four. The slow part (decoding and storing the
// image) runs before the lock, so members never wait on each other's images.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { meetingSubmissions, photos, withdrawnSubmissions, type MeetingRow } from "@db/schema";
import type { NewEntry, SubmissionOrder } from "~/lib/meeting-schemas";
import { allowanceMessage, isUpcoming, meetingTitle, NOT_ON_LIST_MESSAGE, remainingUploads } from "~/lib/meetings";
import type { Member } from "~/lib/member";
import {
  canSeeMeetings,
  isUnrevealed,
  mayChangeSubmission,
  maySubmitToMeeting,
  type ViewerRef,
} from "~/services/access.server";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError, NotLoggedInError } from "~/services/errors.server";
import { getPhoto } from "~/services/photos/photos.server";
import { createPhotoFromUpload } from "~/services/uploads/photo-uploads.server";
import { submissionsCloseHours } from "~/services/club/submissions-close.server";
import { categoriesOf } from "~/services/competitions/competition-meetings.server";
import {
  CHOOSE_CATEGORY_MESSAGE,
  entriesClosedMessage,
  requireEntriesOpen,
  requireEntryRules,
} from "~/services/competitions/entries.server";
import { clubTimeZone } from "./club-zone.server";
import { toMeetingFieldsJson } from "./meeting-json.server";
import { type MeetingFieldsJson, type MeetingSubmissionJson } from "~/lib/meeting-json";
import { refreshMeetingStarts } from "./meeting-starts.server";
import { loadMeeting } from "./meetings.server";
import { uploadAllowance, type UploadAllowance } from "./meeting-view.server";

export const SUBMISSION_NOT_FOUND_MESSAGE = "Submission not found.";
export const MEETING_OVER_MESSAGE = "This meeting is over, so its submissions can no longer change.";
export const OTHERS_SUBMISSIONS_MESSAGE = "You may only change your own submissions.";
export const SUBMISSIONS_CLOSED_MESSAGE =
  "Submissions to this meeting closed when its review ended, so its results stay as they were that night.";

/** Whether the meeting still takes submissions at `now`: until the club's close hours after it starts. */
async function submissionsOpen(meeting: Pick<MeetingRow, "startsAt">, now = new Date()): Promise<boolean> {
  return now.getTime() < meeting.startsAt.getTime() + (await submissionsCloseHours()) * 60 * 60 * 1000;
}

/** Refuses a submission once the meeting's review has ended (409, the sentence above). */
export async function requireOpen(meeting: Pick<MeetingRow, "startsAt">) {
  if (!(await submissionsOpen(meeting))) throw new ConflictError(SUBMISSIONS_CLOSED_MESSAGE);
}

/**
 * Holds one member's submissions to one meeting until the transaction ends.
 * A transaction-scoped advisory lock on the pair: concurrent uploads of the
 * same member to the same meeting queue here; anyone else goes straight on.
 */
export async function lockSubmitter(meetingId: number, userId: number) {
  // The two-int key space is PostgreSQL's own, apart from single-key locks; no
  // other part of the club takes two-int locks. Every path takes this lock
  // before the meeting's row, so they never wait on each other in a circle.
  await db().execute(sql`select pg_advisory_xact_lock(${meetingId}::int, ${userId}::int)`);
}

export async function submittedCount(meetingId: number, userId: number): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(meetingSubmissions)
    .where(and(eq(meetingSubmissions.meetingId, meetingId), eq(meetingSubmissions.userId, userId)));
  return row?.n ?? 0;
}

export function requireOnList(member: Member, meeting: MeetingRow) {
  if (!maySubmitToMeeting(member, meeting)) throw new ForbiddenError(NOT_ON_LIST_MESSAGE);
}

export function requireRoom(meeting: MeetingRow, uploaded: number) {
  if (remainingUploads(meeting.maxUploadsCount, uploaded) <= 0) {
    throw new ConflictError(allowanceMessage(meeting.maxUploadsCount, uploaded));
  }
}

/** The photo's submission at the member's next position, under lockSubmitter; the photo's copy of the start follows. */
export async function insertSubmission(meetingId: number, photoId: number, userId: number, categoryId?: number) {
  const [row] = await db()
    .insert(meetingSubmissions)
    .values({
      meetingId,
      photoId,
      userId,
      categoryId: categoryId ?? null,
      position: sql`(select coalesce(max(${meetingSubmissions.position}), 0) + 1 from ${meetingSubmissions}
        where ${meetingSubmissions.meetingId} = ${meetingId} and ${meetingSubmissions.userId} = ${userId})`,
    })
    .returning({
      id: meetingSubmissions.id,
      position: meetingSubmissions.position,
      CategoryId: meetingSubmissions.categoryId,
    });
  await refreshMeetingStarts({ photoIds: [photoId] });
  return row!;
}

export type UploadPage = {
  meeting: MeetingFieldsJson;
  title: string;
  /** Whether the member may submit (on the meeting's list, its submissions open); if not, `refusal` says why. */
  maySubmit: boolean;
  refusal: string | null;
  allowance: UploadAllowance;
  /** CLUB_TIME_ZONE, for showing the meeting's start. */
  timeZone: string;
};

/** /meetings/{id}/upload: the meeting and what this member may still upload to it (404 for no such meeting). */
export async function uploadPage(viewer: ViewerRef, meetingId: number, now = new Date()): Promise<UploadPage> {
  if (!canSeeMeetings(viewer)) throw new NotLoggedInError();
  const meeting = await loadMeeting(meetingId);
  const uploaded = await submittedCount(meetingId, viewer.id);
  const onList = maySubmitToMeeting(viewer, meeting);
  // A competition past its deadline says so before a member chooses a photo (requireEntriesOpen refuses it anyway).
  const closedAt =
    meeting.kind === "competition" && meeting.closesAt && now >= meeting.closesAt ? meeting.closesAt : null;
  const open = (await submissionsOpen(meeting, now)) && !closedAt;
  const maySubmit = onList && open;
  return {
    meeting: toMeetingFieldsJson(meeting, (await categoriesOf([meeting.id])).get(meeting.id)),
    title: meetingTitle(meeting.topic),
    maySubmit,
    refusal: closedAt
      ? entriesClosedMessage(closedAt)
      : !open
        ? SUBMISSIONS_CLOSED_MESSAGE
        : onList
          ? null
          : NOT_ON_LIST_MESSAGE,
    allowance: uploadAllowance(meeting.maxUploadsCount, uploaded),
    timeZone: clubTimeZone(),
  };
}

/**
 * POST /api/meetings/{id}/submissions: the member's finished upload becomes a
 * photo (their default licence unless the upload names one) and a submission
 * at their next position. 403 off the meeting's list; 409 once the allowance
 * is used up (the upload is discarded).
 */
export async function submitToMeeting(
  member: Member,
  meetingId: number,
  upload: NewEntry,
): Promise<MeetingSubmissionJson> {
  // Refuse early what is refused anyway, before the image is processed.
  const meeting = await loadMeeting(meetingId);
  await requireOpen(meeting);
  requireEntriesOpen(meeting);
  requireOnList(member, meeting);
  requireRoom(meeting, await submittedCount(meetingId, member.id));
  if (meeting.kind === "competition" && upload.CategoryId === undefined)
    throw InvalidError.field("CategoryId", CHOOSE_CATEGORY_MESSAGE);

  let submission: Omit<MeetingSubmissionJson, "Photo"> | undefined;
  const photoId = await createPhotoFromUpload(member, upload, async (newPhotoId) => {
    // Inside the photo's transaction: a refusal here rolls the photo back and discards the upload.
    await lockSubmitter(meetingId, member.id);
    // FOR SHARE: the meeting cannot be deleted or its list changed until this commits.
    const current = await loadMeeting(meetingId, "share");
    // Asked again: the image may have taken until after the close.
    await requireOpen(current);
    requireOnList(member, current);
    requireRoom(current, await submittedCount(meetingId, member.id));
    if (upload.caption) await db().update(photos).set({ caption: upload.caption }).where(eq(photos.id, newPhotoId));
    const [made] = await db()
      .select({ width: photos.width, height: photos.height })
      .from(photos)
      .where(eq(photos.id, newPhotoId));
    await requireEntryRules(current, member.id, {
      categoryId: upload.CategoryId,
      caption: upload.caption || null,
      width: made?.width ?? null,
      height: made?.height ?? null,
    });
    submission = await insertSubmission(meetingId, newPhotoId, member.id, upload.CategoryId);
  });
  return { ...submission!, Photo: await getPhoto(member, photoId) };
}

/** The member's submissions to a meeting while they may still change them (upcoming, their own). */
async function changeableSubmissions(member: Member, meetingId: number, now: Date) {
  await lockSubmitter(meetingId, member.id);
  const meeting = await loadMeeting(meetingId, "share");
  if (!isUpcoming(meeting.startsAt, now)) throw new ConflictError(MEETING_OVER_MESSAGE);
  // A competition's entries are the judge's from the deadline on.
  requireEntriesOpen(meeting, now);
  return db()
    .select()
    .from(meetingSubmissions)
    .where(and(eq(meetingSubmissions.meetingId, meetingId), eq(meetingSubmissions.userId, member.id)))
    .orderBy(asc(meetingSubmissions.position), asc(meetingSubmissions.id));
}

async function renumber(ids: number[]) {
  for (const [index, id] of ids.entries()) {
    await db()
      .update(meetingSubmissions)
      .set({ position: index + 1 })
      .where(eq(meetingSubmissions.id, id));
  }
}

export type SubmissionPlace = { id: number; position: number; PhotoId: number };

/**
 * PUT /api/meetings/{id}/submissions {photoIds}: the author's own submissions
 * in a new order, every one named once. 403 when a photo is someone else's
 * submission, 422 when the list is not exactly one's own, 409 after the meeting.
 */
export async function reorderSubmissions(
  member: Member,
  meetingId: number,
  order: SubmissionOrder,
  now = new Date(),
): Promise<SubmissionPlace[]> {
  return transaction(async () => {
    const mine = await changeableSubmissions(member, meetingId, now);
    const byPhoto = new Map(mine.map((submission) => [submission.photoId, submission]));
    const strangers = order.photoIds.filter((photoId) => !byPhoto.has(photoId));
    if (strangers.length > 0) {
      const others = await db()
        .select({ userId: meetingSubmissions.userId })
        .from(meetingSubmissions)
        .where(and(eq(meetingSubmissions.meetingId, meetingId), inArray(meetingSubmissions.photoId, strangers)));
      if (others.some((other) => !mayChangeSubmission(member, other)))
        throw new ForbiddenError(OTHERS_SUBMISSIONS_MESSAGE);
    }
    if (strangers.length > 0 || order.photoIds.length !== mine.length) {
      throw InvalidError.field("photoIds", "Name each of your submissions to this meeting once.");
    }
    const ids = order.photoIds.map((photoId) => byPhoto.get(photoId)!.id);
    await renumber(ids);
    return order.photoIds.map((photoId, index) => ({
      id: byPhoto.get(photoId)!.id,
      position: index + 1,
      PhotoId: photoId,
    }));
  });
}

/**
 * DELETE /api/meetings/{id}/submissions/{submissionId}: the author withdraws a
 * submission; the photo stays in their gallery, without a meeting (and, from an
 * anonymous meeting, without their name to others until its reveal).
 */
export async function withdrawSubmission(
  member: Member,
  meetingId: number,
  submissionId: number,
  now = new Date(),
): Promise<void> {
  await transaction(async () => {
    const [submission] = await db()
      .select()
      .from(meetingSubmissions)
      .where(and(eq(meetingSubmissions.id, submissionId), eq(meetingSubmissions.meetingId, meetingId)));
    if (!submission) throw new NotFoundError(SUBMISSION_NOT_FOUND_MESSAGE);
    if (!mayChangeSubmission(member, submission)) throw new ForbiddenError(OTHERS_SUBMISSIONS_MESSAGE);
    const mine = await changeableSubmissions(member, meetingId, now);
    await db().delete(meetingSubmissions).where(eq(meetingSubmissions.id, submissionId));
    // Seen in the meeting without a name: the photo keeps its author hidden until the reveal (access.server).
    if (isUnrevealed(await loadMeeting(meetingId))) {
      await db()
        .insert(withdrawnSubmissions)
        .values({ meetingId, photoId: submission.photoId, userId: submission.userId })
        .onConflictDoNothing();
    }
    await renumber(mine.filter((other) => other.id !== submissionId).map((other) => other.id));
    await refreshMeetingStarts({ photoIds: [submission.photoId] });
  });
}
