// The calendar feed and 'Add to calendar', parsed with a real iCalendar parser
// (ical.js): a member's private address serves the club's meetings with their
// start on the club's clock, two hours long, the call link and the meeting's
// page; a new address kills the old one; a deactivated member's stops working.
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { users } from "@db/schema";
import { loader as feedRoute } from "~/routes/calendar/feed";
import { loader as meetingFileRoute } from "~/routes/calendar/meeting";
import { calendarFeedUrl, renewCalendarToken } from "~/services/meetings/calendar.server";
import { cookieFor, makeMember, request } from "../support/members";
import { hoursFromNow, insertMeeting, useClubTimeZone } from "../support/meetings";
import { call } from "../support/routes";
import { useOwnDatabase } from "../support/test-database";

const ZONE = "Europe/Paris";
useClubTimeZone(ZONE);

async function fetchFeed(url: string) {
  const path = new URL(url).pathname;
  const feed = decodeURIComponent(path.slice("/calendar/".length));
  return call(feedRoute, request(path), { feed });
}

/** The calendar's events by UID, their times read through the feed's own VTIMEZONE. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return {
    calendar,
    events: calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component)),
  };
}

// The feed lists the club's meetings: no other file's meetings may join them.
useOwnDatabase("club_calendar");

describe("a member's calendar feed", () => {
  it("serves the club's meetings as iCalendar, each at its start on the club's clock, two hours long", async () => {
    const member = await makeMember();
    const winter = await insertMeeting({
      startsAt: new Date("2031-01-14T18:00:00Z"), // 7 pm in Paris (CET)
      topic: "Night streets\nAvailable light only.",
      callLink: "https://meet.example.com/night",
      callDetails: "Room code 42",
    });
    const summer = await insertMeeting({ startsAt: new Date("2031-07-15T17:00:00Z"), topic: "Reflections" }); // 7 pm CEST
    const url = await calendarFeedUrl(member);
    expect(url).toMatch(/^http:\/\/club\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await calendarFeedUrl(member)).toBe(url);

    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getAllSubcomponents("vtimezone").map((z) => z.getFirstPropertyValue("tzid"))).toEqual([ZONE]);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    const night = byUid.get(`meeting-${winter.id}@club.test`)!;
    expect(night.summary).toBe("Night streets");
    expect(night.startDate.zone.tzid).toBe(ZONE);
    expect(night.startDate.toString()).toBe("2031-01-14T19:00:00");
    expect(night.startDate.toJSDate().toISOString()).toBe(winter.startsAt.toISOString());
    expect(night.endDate.toJSDate().getTime() - winter.startsAt.getTime()).toBe(2 * 60 * 60 * 1000);
    expect(night.location).toBe("https://meet.example.com/night");
    expect(night.description).toContain("Available light only.");
    expect(night.description).toContain("Room code 42");
    expect(night.description).toContain(`http://club.test/meetings/${winter.id}`);
    expect(night.component.getFirstPropertyValue("url")).toBe(`http://club.test/meetings/${winter.id}`);

    const light = byUid.get(`meeting-${summer.id}@club.test`)!;
    expect(light.startDate.toString()).toBe("2031-07-15T19:00:00");
    expect(light.startDate.toJSDate().toISOString()).toBe(summer.startsAt.toISOString());
  });

  it("stops serving the old address once a new one is made", async () => {
    const member = await makeMember();
    await insertMeeting({ startsAt: hoursFromNow(30) });
    const old = await calendarFeedUrl(member);
    const renewed = await renewCalendarToken(member);
    expect(renewed).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(renewed)).status).toBe(200);
    expect(await calendarFeedUrl(member)).toBe(renewed);
  });

  it("stops serving a deactivated member's address, and never serves a made-up one", async () => {
    const member = await makeMember();
    const url = await calendarFeedUrl(member);
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, member.id));
    expect((await fetchFeed(url)).status).toBe(404);
    for (const feed of ["nope.ics", `${"A".repeat(43)}.ics`, "", `${url.split("/").pop()!.replace(".ics", "")}`]) {
      expect((await call(feedRoute, request(`/calendar/${feed}`), { feed })).status, feed).toBe(404);
    }
  });
});

describe("'Add to calendar' on a meeting's page", () => {
  it("downloads one meeting as iCalendar for members", async () => {
    const member = await makeMember();
    const meeting = await insertMeeting({ startsAt: new Date("2031-03-20T18:30:00Z"), topic: "Portraits\nAsk first." });
    const response = await call(
      meetingFileRoute,
      request(`/meetings/${meeting.id}/calendar.ics`, { cookie: await cookieFor(member.id) }),
      { meetingId: String(meeting.id) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="meeting-${meeting.id}.ics"`);
    const { events } = parse(await response.text());
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe("Portraits");
    expect(events[0]!.startDate.toString()).toBe("2031-03-20T19:30:00");
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(meeting.startsAt.toISOString());
  });

  it("sends visitors to log in, and answers 404 for a meeting that does not exist", async () => {
    const meeting = await insertMeeting();
    const visitor = await call(meetingFileRoute, request(`/meetings/${meeting.id}/calendar.ics`), {
      meetingId: String(meeting.id),
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
    const member = await makeMember();
    const missing = await call(
      meetingFileRoute,
      request("/meetings/2147483000/calendar.ics", { cookie: await cookieFor(member.id) }),
      { meetingId: "2147483000" },
    );
    expect(missing.status).toBe(404);
  });
});
