// /meetings and GET /api/meetings: a year or all, the 'Next
// Meeting', the 'Upcoming Meetings' (soonest first) and the 'Past Meetings'
// (newest first, paged), each with the member's own uploads, and for admins the
// recurring meetings. Every query reads meetings_starts_idx in its order with a
// fixed number of rows per page, so the page costs the same for a club with 20
// meetings as for one with thousands.
import { and, asc, count, eq, gte, inArray, lt, max, sql, type SQL } from "drizzle-orm";
import { db } from "@db/client.server";
import { meetingSubmissions, meetings, photos, type MeetingRow } from "@db/schema";
import { clubYearOf, clubYearRange } from "~/lib/club-time";
import type { MeetingListQuery } from "~/lib/meeting-schemas";
import { meetingTitle, meetingYears, upcomingSince } from "~/lib/meetings";
import { canSeeMeetings, mayManageMeetings, type ViewerRef } from "~/services/access.server";
import { NotLoggedInError } from "~/services/errors.server";
import { photoMediaUrl } from "~/services/photos/json.server";
import { clubTimeZone } from "./club-zone.server";
import { categoriesOf } from "~/services/competitions/competition-meetings.server";
import { toMeetingFieldsJson } from "./meeting-json.server";
import { listTemplates } from "./templates.server";
import type { MeetingListItem, MeetingTemplateJson, MyUpload } from "~/lib/meeting-json";

export const MEETINGS_PAGE_SIZE = 20;

/**
 * meetings_starts_idx is `starts_at DESC NULLS LAST, id DESC NULLS LAST`;
 * PostgreSQL reads it (forwards or backwards) only for an ORDER BY whose null
 * placement matches, so both directions spell it out. Otherwise it scans and
 * sorts every meeting for each page.
 */
function startOrder(direction: "asc" | "desc"): SQL[] {
  const nulls = direction === "desc" ? sql.raw("desc nulls last") : sql.raw("asc nulls first");
  return [sql`${meetings.startsAt} ${nulls}`, sql`${meetings.id} ${nulls}`];
}

export type MeetingList = {
  year: number | "all";
  /** The year selector: 'All' plus these, from the latest meeting's year down to 2021. */
  years: number[];
  /** Page 1 only: the earliest upcoming meeting. */
  nextMeeting: MeetingListItem | null;
  /** Page 1 only: the other upcoming meetings, soonest first. */
  upcomingMeetings: MeetingListItem[];
  /** This page of the past meetings, newest first. */
  pastMeetings: MeetingListItem[];
  page: number;
  pageCount: number;
  /** How many past meetings there are in the year (or in all). */
  total: number;
  pageSize: number;
  /** 'New Meeting' (admins, when the year is All or the latest). */
  mayCreate: boolean;
  /** The 'Manage Recurring Meetings' table (admins, when the year is All or the latest); null otherwise. */
  templates: MeetingTemplateJson[] | null;
  timeZone: string;
};

export async function listMeetings(viewer: ViewerRef, query: MeetingListQuery, now = new Date()): Promise<MeetingList> {
  if (!canSeeMeetings(viewer)) throw new NotLoggedInError();
  const zone = clubTimeZone();
  const [latest] = await db()
    .select({ startsAt: max(meetings.startsAt) })
    .from(meetings);
  const latestYear = latest?.startsAt ? clubYearOf(new Date(latest.startsAt), zone) : null;
  const years = meetingYears(latestYear, clubYearOf(now, zone));

  let inYear: SQL | undefined;
  if (query.year !== "all") {
    const { from, to } = clubYearRange(query.year, zone);
    inYear = and(gte(meetings.startsAt, from), lt(meetings.startsAt, to));
  }
  const since = upcomingSince(now);

  const upcoming =
    query.page === 1
      ? await db()
          .select()
          .from(meetings)
          .where(and(gte(meetings.startsAt, since), inYear))
          .orderBy(...startOrder("asc"))
      : [];
  const pastWhere = and(lt(meetings.startsAt, since), inYear);
  const [counted] = await db().select({ n: count() }).from(meetings).where(pastWhere);
  const total = counted?.n ?? 0;
  const past = await db()
    .select()
    .from(meetings)
    .where(pastWhere)
    .orderBy(...startOrder("desc"))
    .limit(MEETINGS_PAGE_SIZE)
    .offset((query.page - 1) * MEETINGS_PAGE_SIZE);

  const uploads = await myUploads(viewer.id, [...upcoming, ...past]);
  const categories = await categoriesOf(
    [...upcoming, ...past].filter((meeting) => meeting.kind === "competition").map((meeting) => meeting.id),
  );
  const item = (meeting: MeetingRow): MeetingListItem => ({
    ...toMeetingFieldsJson(meeting, categories.get(meeting.id)),
    title: meetingTitle(meeting.topic),
    myUploads: uploads.get(meeting.id) ?? [],
  });
  const manageable = mayManageMeetings(viewer) && (query.year === "all" || query.year === years[0]);

  return {
    year: query.year,
    years,
    nextMeeting: upcoming[0] ? item(upcoming[0]) : null,
    upcomingMeetings: upcoming.slice(1).map(item),
    pastMeetings: past.map(item),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / MEETINGS_PAGE_SIZE)),
    total,
    pageSize: MEETINGS_PAGE_SIZE,
    mayCreate: manageable,
    templates: manageable ? await listTemplates(viewer) : null,
    timeZone: zone,
  };
}

/** The member's submissions to these meetings, by meeting, each list by position (one query). */
async function myUploads(userId: number, shown: MeetingRow[]): Promise<Map<number, MyUpload[]>> {
  const byMeeting = new Map<number, MyUpload[]>();
  if (shown.length === 0) return byMeeting;
  const rows = await db()
    .select({
      id: meetingSubmissions.id,
      meetingId: meetingSubmissions.meetingId,
      position: meetingSubmissions.position,
      photoId: meetingSubmissions.photoId,
      thumbKey: photos.thumbKey,
    })
    .from(meetingSubmissions)
    .innerJoin(photos, eq(photos.id, meetingSubmissions.photoId))
    .where(
      and(
        inArray(
          meetingSubmissions.meetingId,
          shown.map((meeting) => meeting.id),
        ),
        eq(meetingSubmissions.userId, userId),
      ),
    )
    .orderBy(asc(meetingSubmissions.meetingId), asc(meetingSubmissions.position), asc(meetingSubmissions.id));
  for (const row of rows) {
    const list = byMeeting.get(row.meetingId) ?? [];
    list.push({
      id: row.id,
      position: row.position,
      photoId: row.photoId,
      thumbUrl: row.thumbKey ? photoMediaUrl(row.photoId, "thumb", row.thumbKey) : null,
    });
    byMeeting.set(row.meetingId, list);
  }
  return byMeeting;
}
