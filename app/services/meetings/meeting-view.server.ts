// The meeting page and GET /api/meetings/{id}: a meeting with its submissions
// grouped by author, authors in the meeting's order (Random, seeded by the
// meeting id, or Alphabetical), each author's photos by position. The cost
// does not grow with the photos: one query for the meeting, one for its
// submissions and authors, and the photos' JSON loaded in bulk. An anonymous
// meeting not yet revealed is one group without an author, in the meeting's
// seeded order (anonymousOrder), for everyone, its own photos' owners and
// admins too: nobody learns who submitted what (access.server: isUnrevealed).
// Once revealed it is grouped by author, but still walked (photoOrder) in the
// order the night reviewed it.
import { asc, eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { meetingSubmissions, users } from "@db/schema";
import {
  anonymousOrder,
  meetingPhotoOrder,
  orderAuthorGroups,
  photoNeighbours,
  type MeetingSort,
} from "~/lib/meeting-order";
import { allowanceMessage, isUpcoming, meetingTitle, meetingTopicDetails, remainingUploads } from "~/lib/meetings";
import {
  canSeeMeetings,
  isUnrevealed,
  mayManageMeetings,
  mayRevealNames,
  maySubmitToMeeting,
  type ViewerRef,
} from "~/services/access.server";
import { NotFoundError, NotLoggedInError } from "~/services/errors.server";
import type { PhotoJson } from "~/lib/club-json";
import { photosJson } from "~/services/photos/photos.server";
import { clubTimeZone } from "./club-zone.server";
import { categoriesOf } from "~/services/competitions/competition-meetings.server";
import { toMeetingFieldsJson } from "./meeting-json.server";
import { type MeetingJson, type MeetingSubmissionJson } from "~/lib/meeting-json";
import { loadMeeting } from "./meetings.server";

export type MeetingAuthor = { id: number; firstName: string; lastName: string; username: string; fullName: string };

/** One author's submissions, by position; or, before an anonymous meeting's reveal, all of them without an author (null). */
export type AuthorGroup = {
  author: MeetingAuthor | null;
  submissions: (MeetingSubmissionJson & { photoId: number })[];
};

/** What this member may still upload to the meeting. */
export type UploadAllowance = {
  uploaded: number;
  maxUploadsCount: number;
  remaining: number;
  /** 'You have already uploaded {n} photos...' or 'You may upload up to {n} more photos...'. */
  message: string;
};

/** The allowance of a meeting with this limit for a member who has uploaded `uploaded`. */
export function uploadAllowance(maxUploadsCount: number, uploaded: number): UploadAllowance {
  return {
    uploaded,
    maxUploadsCount,
    remaining: remainingUploads(maxUploadsCount, uploaded),
    message: allowanceMessage(maxUploadsCount, uploaded),
  };
}

export type MeetingView = {
  /** The contract's Meeting: MeetingSubmissions in the meeting's order. */
  meeting: MeetingJson;
  title: string;
  /** The topic under its first line. */
  details: string;
  sort: MeetingSort;
  groups: AuthorGroup[];
  /** The viewer's own submissions, by their positions (the upload page reorders them). */
  ownSubmissions: (MeetingSubmissionJson & { photoId: number })[];
  /** Every photo id in the meeting's order (previous/next); an anonymous meeting's night order, revealed or not. */
  photoOrder: number[];
  isUpcoming: boolean;
  /** 'Edit Meeting' (admins). */
  mayManage: boolean;
  /** Anonymous and not yet revealed: the authors are hidden. */
  namesHidden: boolean;
  /** 'Reveal names' (admins, while the names are hidden). */
  mayReveal: boolean;
  /** 'Upload Photos': the member is on the meeting's list (or it has none). */
  maySubmit: boolean;
  allowance: UploadAllowance;
  /** CLUB_TIME_ZONE, for showing the start and the timer on the club's clock. */
  timeZone: string;
};

/** A meeting as its page shows it; 404 for a meeting that does not exist, 401 for a visitor. */
export async function meetingView(
  viewer: ViewerRef,
  meetingId: number,
  sort: MeetingSort,
  now = new Date(),
): Promise<MeetingView> {
  // Meetings are for members.
  if (!canSeeMeetings(viewer)) throw new NotLoggedInError();
  const meeting = await loadMeeting(meetingId);
  const rows = await db()
    .select({
      id: meetingSubmissions.id,
      position: meetingSubmissions.position,
      photoId: meetingSubmissions.photoId,
      categoryId: meetingSubmissions.categoryId,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(meetingSubmissions)
    .innerJoin(users, eq(users.id, meetingSubmissions.userId))
    .where(eq(meetingSubmissions.meetingId, meetingId))
    .orderBy(asc(meetingSubmissions.userId), asc(meetingSubmissions.position), asc(meetingSubmissions.id));
  const photos = new Map(
    (
      await photosJson(
        viewer,
        rows.map((row) => row.photoId),
      )
    ).map((photo): [number, PhotoJson] => [photo.id, photo]),
  );

  const byAuthor = new Map<number, AuthorGroup>();
  for (const row of rows) {
    const photo = photos.get(row.photoId);
    if (!photo) continue;
    let group = byAuthor.get(row.userId);
    if (!group) {
      group = {
        author: {
          id: row.userId,
          firstName: row.firstName,
          lastName: row.lastName,
          username: row.username,
          fullName: `${row.firstName} ${row.lastName}`,
        },
        submissions: [],
      };
      byAuthor.set(row.userId, group);
    }
    group.submissions.push({
      id: row.id,
      position: row.position,
      photoId: row.photoId,
      CategoryId: row.categoryId,
      Photo: photo,
    });
  }
  const namesHidden = isUnrevealed(meeting);
  // A meeting reviewed anonymously is walked in its night's order before and after the reveal:
  // the reveal names the authors, it does not move the screen from '3 / 8' to '8 / 8' nor change the pace.
  const categories = (await categoriesOf([meeting.id])).get(meeting.id);
  const night = meeting.anonymous ? anonymousGroup([...byAuthor.values()], meeting.id, categories) : null;
  const groups: AuthorGroup[] =
    namesHidden && night ? night : orderAuthorGroups([...byAuthor.values()] as Named[], sort, meeting.id);
  const uploaded = byAuthor.get(viewer.id)?.submissions.length ?? 0;

  return {
    meeting: {
      ...toMeetingFieldsJson(meeting, categories),
      MeetingSubmissions: groups.flatMap((group) =>
        group.submissions.map(({ id, position, CategoryId, Photo }) => ({ id, position, CategoryId, Photo })),
      ),
    },
    title: meetingTitle(meeting.topic),
    details: meetingTopicDetails(meeting.topic),
    sort,
    groups,
    ownSubmissions: byAuthor.get(viewer.id)?.submissions ?? [],
    photoOrder: meetingPhotoOrder(night ?? groups),
    isUpcoming: isUpcoming(meeting.startsAt, now),
    mayManage: mayManageMeetings(viewer),
    namesHidden,
    mayReveal: namesHidden && mayRevealNames(viewer),
    maySubmit: maySubmitToMeeting(viewer, meeting),
    allowance: uploadAllowance(meeting.maxUploadsCount, uploaded),
    timeZone: clubTimeZone(),
  };
}

type Named = AuthorGroup & { author: MeetingAuthor };

/**
 * Before the reveal: every submission in one group without an author, in the meeting's seeded order;
 * a competition's category by category, so the night goes in its entries' numbers (the judge's).
 */
function anonymousGroup(groups: AuthorGroup[], meetingId: number, categories: { id: number }[] = []): AuthorGroup[] {
  const submissions = groups.flatMap((group) => group.submissions);
  if (submissions.length === 0) return [];
  const rank = new Map(categories.map((category, index) => [category.id, index]));
  const byCategory = (s: { CategoryId: number | null }) => rank.get(s.CategoryId ?? -1) ?? categories.length;
  const seeded = anonymousOrder(submissions, meetingId);
  // Positions are per author: in one group the order is the position.
  const ordered = [...seeded]
    .sort((a, b) => byCategory(a) - byCategory(b))
    .map((submission, index) => ({
      ...submission,
      position: index + 1,
    }));
  return [{ author: null, submissions: ordered }];
}

/** GET /api/meetings/{id}: the contract's Meeting, submissions grouped by author in the meeting's order. */
export async function getMeeting(viewer: ViewerRef, meetingId: number, sort: MeetingSort): Promise<MeetingJson> {
  return (await meetingView(viewer, meetingId, sort)).meeting;
}

export const PHOTO_NOT_IN_MEETING_MESSAGE = "That photo is not part of this meeting.";

/** /meetings/{id}/{photoId}: the meeting, the photo opened in place, and its neighbours in the meeting's order. */
export async function meetingPhotoView(
  viewer: ViewerRef,
  meetingId: number,
  photoId: number,
  sort: MeetingSort,
  now = new Date(),
): Promise<MeetingView & { photo: PhotoJson; previousId: number | null; nextId: number | null }> {
  const view = await meetingView(viewer, meetingId, sort, now);
  const submission = view.meeting.MeetingSubmissions.find((s) => s.Photo.id === photoId);
  if (!submission) throw new NotFoundError(PHOTO_NOT_IN_MEETING_MESSAGE);
  return { ...view, photo: submission.Photo, ...photoNeighbours(view.photoOrder, photoId) };
}
