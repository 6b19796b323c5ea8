// A meeting's results: its submissions ranked by their
// average rating (the owner's own rating left out, as photos.ratingAverage
// already is), ties broken by how many rated it, then by who submitted first.
// The order is total, but the places are fair: photos with the same
// average and the same number of ratings share a place (placesOf).
// One query over the meeting's submissions (meeting_submissions_meeting_user_idx),
// each photo by its key and its comments counted through comments_photo_idx:
// the cost is the meeting's size, never the club's history.
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "@db/client.server";
import { comments, meetingSubmissions, photos, users, type MeetingRow } from "@db/schema";
import { MEETING_DURATION_MS, meetingTitle } from "~/lib/meetings";
import {
  placesOf,
  PLACES,
  type MeetingResultsJson,
  type ResultPhotoJson,
  type ResultRowJson,
  type ResultsMeetingJson,
} from "~/lib/results";
import { authorHiddenFrom, isUnrevealed, type ViewerRef } from "~/services/access.server";
import { ownerColumns, photoMediaUrl } from "~/services/photos/json.server";
import { meetingForMember } from "./meetings.server";

/**
 * The ranking's order, as SQL over `photos` and `meeting_submissions`: the
 * average (unrated last), then the number of ratings, then the earlier
 * submission, then its id (two submitted in the same instant).
 */
export function rankingOrder(): SQL[] {
  return [
    sql`${photos.ratingAverage} desc nulls last`,
    sql`${photos.ratingCount} desc`,
    asc(meetingSubmissions.createdAt),
    asc(meetingSubmissions.id),
  ];
}

/** A ranked submission as the server holds it (the recap e-mail reads it too). */
export type RankedSubmission = Pick<
  ResultRowJson,
  "rank" | "place" | "photoOfTheNight" | "placed" | "rating" | "ratingCount" | "commentCount"
> & {
  submittedAt: Date;
  photo: {
    id: number;
    caption: string | null;
    thumbKey: string | null;
    width: number | null;
    height: number | null;
  };
  author: { id: number; firstName: string; lastName: string; username: string };
};

/** The query behind rankedSubmissions (a builder, so the benchmark can EXPLAIN it). */
export function rankedSubmissionsQuery(meetingId: number) {
  return db()
    .select({
      submissionId: meetingSubmissions.id,
      submittedAt: meetingSubmissions.createdAt,
      photoId: photos.id,
      caption: photos.caption,
      thumbKey: photos.thumbKey,
      width: photos.width,
      height: photos.height,
      ratingAverage: photos.ratingAverage,
      ratingCount: photos.ratingCount,
      commentCount: sql<number>`(select count(*)::int from ${comments} where ${comments.photoId} = ${photos.id})`,
      author: ownerColumns(users),
    })
    .from(meetingSubmissions)
    .innerJoin(photos, eq(photos.id, meetingSubmissions.photoId))
    .innerJoin(users, eq(users.id, meetingSubmissions.userId))
    .where(eq(meetingSubmissions.meetingId, meetingId))
    .orderBy(...rankingOrder());
}

/** The meeting's submissions in the ranking's order, authors included: callers decide what to show. */
export async function rankedSubmissions(meetingId: number): Promise<RankedSubmission[]> {
  const rows = (await rankedSubmissionsQuery(meetingId)).map((row) => ({
    ...row,
    rating: row.ratingAverage === null ? null : row.ratingAverage / 1000,
  }));
  const places = placesOf(rows);
  return rows.map((row, index) => {
    const rated = row.ratingCount > 0;
    const place = places[index]!;
    return {
      rank: index + 1,
      place,
      photoOfTheNight: place === 1 && rated,
      placed: place <= PLACES && rated,
      rating: row.rating,
      ratingCount: row.ratingCount,
      commentCount: row.commentCount,
      submittedAt: row.submittedAt,
      photo: {
        id: row.photoId,
        caption: row.caption,
        thumbKey: row.thumbKey,
        width: row.width,
        height: row.height,
      },
      author: row.author,
    };
  });
}

/** The photo a results row shows: its thumbnail's address, never its stored key or file name. */
export function resultPhotoJson(photo: RankedSubmission["photo"]): ResultPhotoJson {
  return {
    id: photo.id,
    caption: photo.caption,
    thumbUrl: photo.thumbKey ? photoMediaUrl(photo.id, "thumb", photo.thumbKey) : null,
    width: photo.width,
    height: photo.height,
  };
}

export function toResultsMeetingJson(meeting: MeetingRow): ResultsMeetingJson {
  return {
    id: meeting.id,
    topic: meeting.topic,
    title: meetingTitle(meeting.topic),
    startsAt: meeting.startsAt.toISOString(),
    anonymous: meeting.anonymous,
    revealedAt: meeting.revealedAt?.toISOString() ?? null,
  };
}

/** GET /api/meetings/{id}/results and /meetings/{id}/results: members only. */
export async function meetingResults(
  viewer: ViewerRef,
  meetingId: number,
  now = new Date(),
): Promise<MeetingResultsJson> {
  const meeting = await meetingForMember(viewer, meetingId);
  const ranked = await rankedSubmissions(meeting.id);
  const results = ranked.map((row): ResultRowJson => {
    // The owner always sees their own photo as theirs; nobody else learns it before the reveal.
    const shown = !authorHiddenFrom(viewer, { userId: row.author.id }, meeting);
    return {
      rank: row.rank,
      place: row.place,
      photoOfTheNight: row.photoOfTheNight,
      placed: row.placed,
      rating: row.rating,
      ratingCount: row.ratingCount,
      commentCount: row.commentCount,
      submittedAt: row.submittedAt.toISOString(),
      Photo: resultPhotoJson(row.photo),
      UserId: shown ? row.author.id : null,
      User: shown ? row.author : null,
    };
  });
  return {
    Meeting: toResultsMeetingJson(meeting),
    authorsShown: !isUnrevealed(meeting),
    provisional: now.getTime() < meeting.startsAt.getTime() + MEETING_DURATION_MS,
    results,
  };
}
