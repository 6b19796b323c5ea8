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
import { requireOwner } from "~/services/access.server";
import { ConflictError } from "~/services/errors.server";
import { photoMediaUrl } from "~/services/photos/json.server";
import { photoNotFound } from "~/services/photos/ownership.server";
import { getPhoto } from "~/services/photos/photos.server";
import type { MeetingSubmissionJson } from "./meeting-json.server";
import { loadMeeting } from "./meetings.server";
import { insertSubmission, lockSubmitter, requireOnList, requireRoom, submittedCount } from "./submissions.server";

export const OWN_PHOTOS_ONLY_MESSAGE = "You may only submit your own photos.";
export const ALREADY_HERE_MESSAGE = "This photo is already submitted to this meeting.";
export const ALREADY_ELSEWHERE_MESSAGE = "This photo is already submitted to another meeting; withdraw it there first.";

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
  { PhotoId }: ExistingPhotoSubmission,
): Promise<MeetingSubmissionJson> {
  const submission = await transaction(async () => {
    await lockSubmitter(meetingId, member.id);
    // FOR SHARE: the meeting cannot be deleted or its list changed until this commits.
    const meeting = await loadMeeting(meetingId, "share");
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
    return insertSubmission(meetingId, PhotoId, member.id);
  });
  return { ...submission, Photo: await getPhoto(member, PhotoId) };
}

/** 'Choose from my photos': the member's photos in no meeting, newest first. */
export async function photosToChoose(member: Member): Promise<PhotoToChoose[]> {
  const rows = await db()
    .select({ id: photos.id, caption: photos.caption, filename: photos.filename, thumbKey: photos.thumbKey })
    .from(photos)
    .leftJoin(meetingSubmissions, eq(meetingSubmissions.photoId, photos.id))
    .where(and(eq(photos.userId, member.id), isNull(meetingSubmissions.id)))
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(PHOTOS_TO_CHOOSE);
  return rows.map(({ thumbKey, ...photo }) => ({
    ...photo,
    thumbUrl: thumbKey ? photoMediaUrl(photo.id, "thumb", thumbKey) : null,
  }));
}
