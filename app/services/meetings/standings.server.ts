// The season's standings: for each member with submissions
// in a year, the meetings entered, photos submitted, the average of the
// ratings their photos received from others, placings (photos in the first
// three places of a night, placed as the results place them) and their points
// (the club's points for each first, second and third place, a shared
// place scoring the place's points); below it the year's twelve highest-rated
// photos. An anonymous meeting counts once revealed; a competition only among the photos
// (its places are the judge's, in its categories' own table: competitions/season.server.ts).
//
// Cost: first the year's counted meetings, a range of meetings_starts_idx
// (about fifty ids); then their submissions through
// meeting_submissions_meeting_user_idx (meeting_id = any(...)) and each photo by
// its key, ranked per meeting by a window function. The window keeps the
// planner from walking photos_rating_idx over every year's photos for the
// 'Photos of the year' (it did: on a long history that walk grows), so both
// queries read the year asked for and nothing of the years before
// (bench/results.ts prints their plans and times on a 110,000-photo club).
import { and, asc, desc, eq, gte, inArray, lt, max, not, sql, type SQLWrapper } from "drizzle-orm";
import { db } from "@db/client.server";
import { meetingSubmissions, meetings, photos, users } from "@db/schema";
import { clubYearOf, clubYearRange } from "~/lib/club-time";
import { meetingTitle, meetingYears } from "~/lib/meetings";
import { DEFAULT_PLACING_POINTS, PHOTOS_OF_THE_YEAR, PLACES, type StandingsJson } from "~/lib/results";
import { canSeeMeetings, membersVisibleTo, unrevealedMeetingSql, type ViewerRef } from "~/services/access.server";
import { NotLoggedInError } from "~/services/errors.server";
import { placingPoints } from "~/services/club/placing-points.server";
import { ownerColumns, photoMediaUrl } from "~/services/photos/json.server";
import { clubTimeZone } from "./club-zone.server";

/** The ids of the year's meetings that count: started in the club's year, and not an anonymous one still hidden. */
export async function countedMeetingIds(year: number, zone: string): Promise<number[]> {
  const rows = await countedMeetingsQuery(year, zone);
  return rows.map((row) => row.id);
}

/** Of those, the critique nights: a competition's places are its judge's, counted in its category's table. */
async function countedNights(year: number, zone: string) {
  const rows = await countedMeetingsQuery(year, zone);
  return {
    all: rows.map((row) => row.id),
    critiques: rows.filter((row) => row.kind === "critique").map((row) => row.id),
  };
}

/** The query behind countedMeetingIds (a builder, for the benchmark's EXPLAIN). */
export function countedMeetingsQuery(year: number, zone: string) {
  const { from, to } = clubYearRange(year, zone);
  return db()
    .select({ id: meetings.id, kind: meetings.kind })
    .from(meetings)
    .where(and(gte(meetings.startsAt, from), lt(meetings.startsAt, to), not(unrevealedMeetingSql())));
}

/**
 * The submissions to these meetings, each with its rank in its meeting (the
 * results' order) and its place (rank(): the same average and number of
 * ratings share a place, 1, 1, 3, as placesOf gives the results). Each
 * photo's copied rating comes through a LATERAL probe of photos_pkey that
 * cannot be flattened (its LIMIT): as a plain join the planner hashed the
 * whole photos table (110,000 rows read for the year's 2,000).
 */
function rankedSubmissionsOf(meetingIds: number[]) {
  const rated = db()
    .select({ ratingAverage: photos.ratingAverage, ratingCount: photos.ratingCount })
    .from(photos)
    .where(eq(photos.id, meetingSubmissions.photoId))
    .limit(1)
    .as("rated");
  const order = [
    sql`${rated.ratingAverage} desc nulls last`,
    sql`${rated.ratingCount} desc`,
    asc(meetingSubmissions.createdAt),
    asc(meetingSubmissions.id),
  ];
  return db()
    .select({
      submissionId: meetingSubmissions.id,
      submittedAt: meetingSubmissions.createdAt,
      meetingId: meetingSubmissions.meetingId,
      userId: meetingSubmissions.userId,
      photoId: meetingSubmissions.photoId,
      ratingAverage: rated.ratingAverage,
      ratingCount: rated.ratingCount,
      rank: sql<number>`row_number() over (partition by ${meetingSubmissions.meetingId} order by ${sql.join(order, sql`, `)})`.as(
        "rank",
      ),
      place:
        sql<number>`rank() over (partition by ${meetingSubmissions.meetingId} order by ${sql.join(order.slice(0, 2), sql`, `)})`.as(
          "place",
        ),
    })
    .from(meetingSubmissions)
    .innerJoinLateral(rated, sql`true`)
    .where(inArray(meetingSubmissions.meetingId, meetingIds))
    .as("ranked");
}

/**
 * The standings' rows: each member the viewer may see with submissions to the
 * meetings, sorted by points, then the average received. A query builder, so
 * the benchmark can EXPLAIN what the page runs.
 */
export function standingsQuery(viewer: ViewerRef, meetingIds: number[], points = DEFAULT_PLACING_POINTS) {
  const ranked = rankedSubmissionsOf(meetingIds);
  // The mean of every rating received (each photo's average weighted by its count), times 1000 as stored.
  const ratingsReceived = sql<number>`coalesce(sum(${ranked.ratingCount}), 0)::int`;
  const averageRating = sql<
    number | null
  >`sum(${ranked.ratingAverage}::bigint * ${ranked.ratingCount}) / nullif(sum(${ranked.ratingCount}), 0)`;
  const placed = sql`${ranked.place} <= ${PLACES} and ${ranked.ratingCount} > 0`;
  const placings = sql<number>`(count(*) filter (where ${placed}))::int`;
  const score = sql<number>`(coalesce(sum(case ${ranked.place} when 1 then ${points.first}::int when 2 then ${points.second}::int when 3 then ${points.third}::int else 0 end) filter (where ${placed}), 0))::int`;
  return db()
    .select({
      User: ownerColumns(users),
      meetingsEntered: sql<number>`count(distinct ${ranked.meetingId})::int`,
      photosSubmitted: sql<number>`count(*)::int`,
      ratingsReceived,
      averageRating: sql<number | null>`(${averageRating})::float8`,
      placings,
      points: score,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.userId))
    .where(membersVisibleTo(viewer))
    .groupBy(users.id)
    .orderBy(desc(score), sql`${averageRating} desc nulls last`, desc(ratingsReceived), users.lastName, users.id);
}

/**
 * The meetings' highest-rated photos (rated by someone other than the owner), in
 * the results' order: the twelve are chosen first (their LIMIT keeps the join
 * below to twelve photos, each by its key), then shown with their photo,
 * author and meeting.
 */
export function photosOfTheYearQuery(meetingIds: number[]) {
  const ranked = rankedSubmissionsOf(meetingIds);
  type Ordered = {
    ratingAverage: SQLWrapper;
    ratingCount: SQLWrapper;
    submittedAt: SQLWrapper;
    submissionId: SQLWrapper;
  };
  const order = (of: Ordered) => [
    sql`${of.ratingAverage} desc nulls last`,
    sql`${of.ratingCount} desc`,
    sql`${of.submittedAt} asc`,
    sql`${of.submissionId} asc`,
  ];
  const top = db()
    .select({
      submissionId: ranked.submissionId,
      submittedAt: ranked.submittedAt,
      meetingId: ranked.meetingId,
      userId: ranked.userId,
      photoId: ranked.photoId,
      ratingAverage: ranked.ratingAverage,
      ratingCount: ranked.ratingCount,
    })
    .from(ranked)
    .where(sql`${ranked.ratingCount} > 0`)
    .orderBy(...order(ranked))
    .limit(PHOTOS_OF_THE_YEAR)
    .as("top");
  return db()
    .select({
      photoId: photos.id,
      caption: photos.caption,
      thumbKey: photos.thumbKey,
      width: photos.width,
      height: photos.height,
      ratingAverage: top.ratingAverage,
      ratingCount: top.ratingCount,
      meetingId: meetings.id,
      topic: meetings.topic,
      startsAt: meetings.startsAt,
      User: ownerColumns(users),
    })
    .from(top)
    .innerJoin(photos, eq(photos.id, top.photoId))
    .innerJoin(meetings, eq(meetings.id, top.meetingId))
    .innerJoin(users, eq(users.id, top.userId))
    .orderBy(...order(top));
}

/** GET /api/standings?year=YYYY and /meetings/standings?year=YYYY: members only. */
export async function standings(viewer: ViewerRef, year: number | undefined, now = new Date()): Promise<StandingsJson> {
  if (!canSeeMeetings(viewer)) throw new NotLoggedInError();
  const zone = clubTimeZone();
  const [latest] = await db()
    .select({ startsAt: max(meetings.startsAt) })
    .from(meetings);
  const thisYear = clubYearOf(now, zone);
  const latestYear = latest?.startsAt ? clubYearOf(new Date(latest.startsAt), zone) : null;
  // The pager runs to this year at most: a meeting scheduled for next January has no standings yet.
  const years = meetingYears(latestYear === null ? null : Math.min(latestYear, thisYear), thisYear);
  const shown = year ?? thisYear;

  // Photos of the year are the members' stars, on competition entries too; placings are critique nights'.
  const [nights, points] = await Promise.all([countedNights(shown, zone), placingPoints()]);
  const rows = nights.critiques.length === 0 ? [] : await standingsQuery(viewer, nights.critiques, points);
  const candidates = nights.all.length === 0 ? [] : await photosOfTheYearQuery(nights.all);

  return {
    year: shown,
    years,
    standings: rows.map((row, index) => ({
      position: index + 1,
      User: row.User,
      meetingsEntered: row.meetingsEntered,
      photosSubmitted: row.photosSubmitted,
      averageRating: row.averageRating === null ? null : Math.round(row.averageRating) / 1000,
      ratingsReceived: row.ratingsReceived,
      placings: row.placings,
      points: row.points,
    })),
    photosOfTheYear: candidates.map((row) => ({
      Photo: {
        id: row.photoId,
        caption: row.caption,
        thumbUrl: row.thumbKey ? photoMediaUrl(row.photoId, "thumb", row.thumbKey) : null,
        width: row.width,
        height: row.height,
      },
      User: row.User,
      rating: row.ratingAverage! / 1000,
      ratingCount: row.ratingCount,
      Meeting: { id: row.meetingId, title: meetingTitle(row.topic), startsAt: row.startsAt.toISOString() },
    })),
    placingPoints: points,
    timeZone: zone,
  };
}
