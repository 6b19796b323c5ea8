// A photo already in the member's gallery submitted to a meeting (the code's
// addition to the contract): without it, a member who withdrew a photo could
// only upload it again as a duplicate. The same rules as an upload's
// submission (submissions.server.ts), under the same lock: on the meeting's
// list, within the allowance; and the photo must be the member's own and in no
// meeting yet (a photo is submitted to at most one meeting). The member is
// active: a deactivated member's sessions no longer log anyone in.
import { and, desc, eq, isNull } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { meetingSubmissions, photos } from "@db/schema";
import type { ExistingPhotoSubmission } from "~/lib/meeting-schemas";
import type { PhotoToChoose } from "~/lib/meetings";
import type { Member } from "~/lib/member";
import { isUnrevealed, requireOwner, withdrawnUnrevealedSql } from "~/services/access.server";
import { ConflictError } from "~/services/errors.server";
import { photoMediaUrl } from "~/services/photos/json.server";
import { photoNotFound } from "~/services/photos/ownership.server";
import { getPhoto } from "~/services/photos/photos.server";
import { requireEntryRules } from "~/services/competitions/entries.server";
import type { MeetingSubmissionJson } from "~/lib/meeting-json";
import { loadMeeting } from "./meetings.server";
import {
  insertSubmission,
  lockSubmitter,
  requireOnList,
  requireOpen,
  requireRoom,
  submittedCount,
} from "./submissions.server";

export const OWN_PHOTOS_ONLY_MESSAGE = "You may only submit your own photos.";
export const ALREADY_HERE_MESSAGE = "This photo is already submitted to this meeting.";
export const ALREADY_ELSEWHERE_MESSAGE = "This photo is already submitted to another meeting; withdraw it there first.";

/** The API's answer's `warning` when a photo members have seen with its name goes to an anonymous meeting. */
export const SEEN_WITH_NAME_ANSWER =
  "Members have seen this photo with your name (in your gallery, on Browse or the home page): in this anonymous meeting, others may recognise it.";

/** Whether members have seen the photo with its owner's name: all but one hidden since its withdrawal from an anonymous meeting. */
async function seenWithName(photoId: number): Promise<boolean> {
  const [row] = await db()
    .select({ withdrawnFrom: withdrawnUnrevealedSql(photos.id) })
    .from(photos)
    .where(eq(photos.id, photoId));
  return row?.withdrawnFrom === null;
}

/** How many of one's photos 'Choose from my photos' offers, newest first. */
export const PHOTOS_TO_CHOOSE = 60;

/**
 * POST /api/meetings/{id}/submissions {PhotoId}: one of the member's own
 * photos becomes a submission at their next position. 403 off the meeting's
 * list or for someone else's photo, 404 for no such photo, 409 when the photo
 * is already in this or another meeting or the allowance is used up.
 */
export async function submitOwnPhoto(
  member: Member,
  meetingId: number,
  { PhotoId, CategoryId, caption }: ExistingPhotoSubmission,
): Promise<MeetingSubmissionJson & { warning?: string }> {
  let warning: string | undefined;
  const submission = await transaction(async () => {
    await lockSubmitter(meetingId, member.id);
    // FOR SHARE: the meeting cannot be deleted or its list changed until this commits.
    const meeting = await loadMeeting(meetingId, "share");
    await requireOpen(meeting);
    requireOnList(member, meeting);
    // FOR UPDATE: the photo cannot be deleted, or submitted elsewhere, until this commits.
    const [photo] = await db().select().from(photos).where(eq(photos.id, PhotoId)).for("update");
    if (!photo) throw photoNotFound();
    requireOwner(member, photo, OWN_PHOTOS_ONLY_MESSAGE);
    const [already] = await db()
      .select({ meetingId: meetingSubmissions.meetingId })
      .from(meetingSubmissions)
      .where(eq(meetingSubmissions.photoId, PhotoId));
    if (already)
      throw new ConflictError(already.meetingId === meetingId ? ALREADY_HERE_MESSAGE : ALREADY_ELSEWHERE_MESSAGE);
    requireRoom(meeting, await submittedCount(meetingId, member.id));
    const title = caption || photo.caption;
    await requireEntryRules(meeting, member.id, {
      categoryId: CategoryId,
      caption: title,
      width: photo.width,
      height: photo.height,
    });
    if (caption && caption !== photo.caption) await db().update(photos).set({ caption }).where(eq(photos.id, PhotoId));
    if (isUnrevealed(meeting) && (await seenWithName(PhotoId))) warning = SEEN_WITH_NAME_ANSWER;
    return insertSubmission(meetingId, PhotoId, member.id, CategoryId);
  });
  return { ...submission, Photo: await getPhoto(member, PhotoId), ...(warning ? { warning } : {}) };
}

/**
 * 'Choose from my photos': the member's photos in no meeting, newest first, each
 * saying whether members have seen it with their name: every photo but one
 * still hidden since it was withdrawn from an unrevealed anonymous meeting.
 */
export async function photosToChoose(member: Member): Promise<PhotoToChoose[]> {
  const rows = await db()
    .select({
      id: photos.id,
      caption: photos.caption,
      filename: photos.filename,
      thumbKey: photos.thumbKey,
      withdrawnFrom: withdrawnUnrevealedSql(photos.id),
    })
    .from(photos)
    .leftJoin(meetingSubmissions, eq(meetingSubmissions.photoId, photos.id))
    .where(and(eq(photos.userId, member.id), isNull(meetingSubmissions.id)))
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(PHOTOS_TO_CHOOSE);
  return rows.map(({ thumbKey, withdrawnFrom, ...photo }) => ({
    ...photo,
    thumbUrl: thumbKey ? photoMediaUrl(photo.id, "thumb", thumbKey) : null,
    seenWithName: withdrawnFrom === null,
  }));
}
