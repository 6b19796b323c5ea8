// Meetings in members' own calendars (beyond the contract): a private feed address
// per member that Google Calendar, Apple Calendar and Outlook subscribe to, and
// an 'Add to calendar' file per meeting. Each event: the topic's first line, the
// start on the club's clock (TZID with its VTIMEZONE), two hours, the call link
// and a link to the meeting page.
//
// The feed address holds an unguessable token (256 bits) instead of a session:
// calendar apps fetch it without cookies. Making a new one kills the old, and a
// deactivated member's address stops working.
import crypto from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { and, asc, eq, gte, isNull } from "drizzle-orm";
import ical, { type ICalCalendar } from "ical-generator";
import { db } from "@db/client.server";
import { meetings, users, type MeetingRow } from "@db/schema";
import { env } from "~/env.server";
import { MEETING_DURATION_MS, meetingTitle, meetingTopicDetails } from "~/lib/meetings";
import { clubName } from "~/services/club/club-name.server";
import type { ViewerRef } from "~/services/access.server";
import { NotFoundError } from "~/services/errors.server";
import { clubTimeZone } from "./club-zone.server";
import { meetingForMember } from "./meetings.server";

/** How far back the feed reaches: calendars keep what they already fetched. */
const FEED_PAST_DAYS = 365;
const FEED_MAX_MEETINGS = 500;

export const CALENDAR_NOT_FOUND_MESSAGE = "This calendar address does not exist (it may have been replaced).";

const newToken = () => crypto.randomBytes(32).toString("base64url");

function feedUrl(token: string): string {
  return `${env().BASE_URL}/calendar/${token}.ics`;
}

/** The member's private calendar address, made on first use; the same address until they renew it. */
export async function calendarFeedUrl(member: { id: number }): Promise<string> {
  const tokenOf = async () => {
    const [row] = await db().select({ token: users.calendarToken }).from(users).where(eq(users.id, member.id));
    if (!row) throw new NotFoundError("Member not found.");
    return row.token;
  };
  const token = await tokenOf();
  if (token) return feedUrl(token);
  // Two first uses at once agree on one token: the second finds the first's.
  await db()
    .update(users)
    .set({ calendarToken: newToken() })
    .where(and(eq(users.id, member.id), isNull(users.calendarToken)));
  return feedUrl((await tokenOf())!);
}

/** A new private calendar address for the member; the old one stops working at once. */
export async function renewCalendarToken(member: { id: number }): Promise<string> {
  const token = newToken();
  await db().update(users).set({ calendarToken: token }).where(eq(users.id, member.id));
  return feedUrl(token);
}

function newCalendar(name: string): ICalCalendar {
  const zone = clubTimeZone();
  return ical({
    name,
    prodId: { company: "street-club", product: "meetings", language: "EN" },
    // VTIMEZONE blocks for the zones the events use; stamps stay in UTC.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: 60 * 60,
    x: [["X-WR-TIMEZONE", zone]],
  });
}

function addMeeting(calendar: ICalCalendar, meeting: MeetingRow) {
  const zone = clubTimeZone();
  const base = env().BASE_URL;
  const page = `${base}/meetings/${meeting.id}`;
  const description = [
    meetingTopicDetails(meeting.topic),
    meeting.callDetails?.trim() ?? "",
    meeting.callLink ? `Join the call: ${meeting.callLink}` : "",
    `The meeting: ${page}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  calendar.createEvent({
    id: `meeting-${meeting.id}@${new URL(base).host}`,
    start: new TZDate(meeting.startsAt.getTime(), zone),
    end: new TZDate(meeting.startsAt.getTime() + MEETING_DURATION_MS, zone),
    timezone: zone,
    summary: meetingTitle(meeting.topic),
    description,
    location: meeting.callLink ?? undefined,
    url: page,
    stamp: meeting.updatedAt,
    lastModified: meeting.updatedAt,
  });
}

/** The feed of the club's meetings (the last year and everything ahead) for the member holding `token`. */
export async function calendarFeed(token: string, now = new Date()): Promise<string> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new NotFoundError(CALENDAR_NOT_FOUND_MESSAGE);
  const [member] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.calendarToken, token), isNull(users.deactivatedAt)));
  if (!member) throw new NotFoundError(CALENDAR_NOT_FOUND_MESSAGE);
  const rows = await db()
    .select()
    .from(meetings)
    .where(gte(meetings.startsAt, new Date(now.getTime() - FEED_PAST_DAYS * 24 * 60 * 60 * 1000)))
    .orderBy(asc(meetings.startsAt), asc(meetings.id))
    .limit(FEED_MAX_MEETINGS);
  const calendar = newCalendar(`${await clubName()} meetings`);
  for (const meeting of rows) addMeeting(calendar, meeting);
  return calendar.toString();
}

/** 'Add to calendar': one meeting as an .ics file (members only). */
export async function meetingCalendarFile(viewer: ViewerRef, meetingId: number): Promise<string> {
  const meeting = await meetingForMember(viewer, meetingId);
  const calendar = newCalendar(meetingTitle(meeting.topic));
  addMeeting(calendar, meeting);
  return calendar.toString();
}

/** The answer carrying an iCalendar text: inline for feeds, a download for one meeting. */
export function calendarResponse(text: string, download?: string): Response {
  return new Response(text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      ...(download ? { "Content-Disposition": `attachment; filename="${download}"` } : {}),
    },
  });
}
