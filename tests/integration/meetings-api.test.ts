// The meetings API (docs/api.md) on real PostgreSQL, per role: visitors are
// asked to log in, members read, admins write; bad input is refused with the
// field named and nothing written; a missing meeting or template is 404.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetings, meetingTemplates, users } from "@db/schema";
import { cookieFor, makeMember } from "../support/members";
import { insertMeeting, insertTemplate, meetingsApi, submitDirectly, useClubTimeZone } from "../support/meetings";
import { insertPhoto } from "../support/photos";

useClubTimeZone("America/Los_Angeles");

async function people() {
  const member = await makeMember();
  const admin = await makeMember({ isAdmin: true });
  return { member, admin, memberCookie: await cookieFor(member.id), adminCookie: await cookieFor(admin.id) };
}

const meetingCount = async () => (await db().select({ n: count() }).from(meetings))[0]!.n;
const templateCount = async () => (await db().select({ n: count() }).from(meetingTemplates))[0]!.n;

describe("who may call what", () => {
  it("asks visitors to log in for every call", async () => {
    const meeting = await insertMeeting();
    const template = await insertTemplate();
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/meetings"],
      ["POST", "/api/meetings", { startsAt: "2030-01-01T19:00", topic: "x" }],
      ["GET", `/api/meetings/${meeting.id}`],
      ["PATCH", `/api/meetings/${meeting.id}`, { topic: "x" }],
      ["DELETE", `/api/meetings/${meeting.id}`],
      ["POST", `/api/meetings/${meeting.id}/submissions`, { filename: "a.jpg", file: "x" }],
      ["GET", "/api/meetings/templates"],
      ["GET", `/api/meetings/templates/${template.id}`],
      ["PATCH", `/api/meetings/templates/${template.id}`, { topic: "x" }],
    ];
    for (const [method, path, json] of calls) {
      const response = await meetingsApi(method, path, { json });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect((await db().select().from(meetings).where(eq(meetings.id, meeting.id)))[0]!.topic).toBe(meeting.topic);
  });

  it("lets members read and refuses them every write with 403", async () => {
    const { memberCookie } = await people();
    const meeting = await insertMeeting();
    const template = await insertTemplate();
    for (const path of [
      "/api/meetings",
      `/api/meetings/${meeting.id}`,
      "/api/meetings/templates",
      `/api/meetings/templates/${template.id}`,
    ]) {
      expect((await meetingsApi("GET", path, { cookie: memberCookie })).status, path).toBe(200);
    }
    const writes: [string, string, unknown?][] = [
      ["POST", "/api/meetings", { startsAt: "2030-01-01T19:00", topic: "Mine" }],
      ["PATCH", `/api/meetings/${meeting.id}`, { topic: "Changed" }],
      ["DELETE", `/api/meetings/${meeting.id}`],
      ["PATCH", `/api/meetings/templates/${template.id}`, { topic: "Changed" }],
    ];
    const before = await meetingCount();
    for (const [method, path, json] of writes) {
      const response = await meetingsApi(method, path, { cookie: memberCookie, json });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toEqual({ message: "Only admins may do that." });
    }
    expect(await meetingCount()).toBe(before);
    const [stored] = await db().select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(stored!.topic).toBe(meeting.topic);
  });

  it("answers 404 for a meeting or template that does not exist, and for a malformed id", async () => {
    const { adminCookie } = await people();
    for (const [method, path] of [
      ["GET", "/api/meetings/2147483000"],
      ["PATCH", "/api/meetings/2147483000"],
      ["DELETE", "/api/meetings/2147483000"],
      ["GET", "/api/meetings/abc"],
      ["GET", "/api/meetings/templates/2147483000"],
      ["PATCH", "/api/meetings/templates/2147483000"],
      ["POST", "/api/meetings/2147483000/submissions"],
    ] as const) {
      const json =
        method === "GET" || method === "DELETE"
          ? undefined
          : method === "POST"
            ? { filename: "a.jpg", file: "x" }
            : { topic: "x" };
      const response = await meetingsApi(method, path, { cookie: adminCookie, json });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe("POST /api/meetings", () => {
  it("schedules a one-off meeting at a time on the club's clock and answers 201 with the contract's Meeting", async () => {
    const { adminCookie } = await people();
    const response = await meetingsApi("POST", "/api/meetings", {
      cookie: adminCookie,
      json: {
        startsAt: "2031-03-10T19:00",
        topic: "Night streets\nAvailable light only.",
        callLink: "https://meet.example.com/night",
        callDetails: "Dial +1 555 0100",
      },
    });
    expect(response.status).toBe(201);
    const meeting = await response.json();
    expect(meeting).toEqual({
      id: expect.any(Number),
      MeetingTemplateId: null,
      // 7 pm in Los Angeles (PDT since 8 March).
      startsAt: "2031-03-11T02:00:00.000Z",
      callLink: "https://meet.example.com/night",
      callDetails: "Dial +1 555 0100",
      topic: "Night streets\nAvailable light only.",
      maxUploadsCount: 4,
      allowedUserIds: null,
      anonymous: false,
      revealedAt: null,
      kind: "critique",
      categories: [],
      closesAt: null,
      scoreMax: null,
      resultsPublishedAt: null,
      MeetingSubmissions: [],
    });
  });

  it("makes a weekly meeting: the recurring meeting, its latest start this meeting's", async () => {
    const { adminCookie, member } = await people();
    const response = await meetingsApi("POST", "/api/meetings", {
      cookie: adminCookie,
      json: {
        startsAt: "2031-04-01T19:00:00-07:00",
        topic: "Weekly critique",
        frequency: 7,
        maxUploadsCount: 2,
        allowedUserIds: [member.id],
      },
    });
    expect(response.status).toBe(201);
    const meeting = await response.json();
    expect(meeting.MeetingTemplateId).toEqual(expect.any(Number));
    const template = await meetingsApi("GET", `/api/meetings/templates/${meeting.MeetingTemplateId}`, {
      cookie: adminCookie,
    });
    expect(await template.json()).toEqual({
      id: meeting.MeetingTemplateId,
      topic: "Weekly critique",
      latestAt: "2031-04-02T02:00:00.000Z",
      callLink: null,
      callDetails: null,
      maxUploadsCount: 2,
      allowedUserIds: [member.id],
      frequency: 7,
      repeats: "weekly",
      anonymous: false,
      nextStartsAt: "2031-04-09T02:00:00.000Z",
      // A critique series: none of a recurring competition's fields.
      kind: "critique",
      categories: [],
      scoreMax: null,
      closesDaysBefore: null,
    });
  });

  it.each([
    [{ startsAt: "next tuesday" }, "startsAt"],
    [{ startsAt: "2031-02-30T19:00" }, "startsAt"],
    [{ maxUploadsCount: -1 }, "maxUploadsCount"],
    [{ maxUploadsCount: 1.5 }, "maxUploadsCount"],
    [{ frequency: 10 }, "frequency"],
    [{ callLink: "javascript:alert(1)" }, "callLink"],
    [{ topic: "" }, "topic"],
    [{ allowedUserIds: [2147483000] }, "allowedUserIds"],
    [{ meetingTemplateId: 2147483000, frequency: null }, "meetingTemplateId"],
  ])("refuses %o with 422 naming %s, and writes nothing", async (change, path) => {
    const { adminCookie } = await people();
    const [meetingsBefore, templatesBefore] = [await meetingCount(), await templateCount()];
    const response = await meetingsApi("POST", "/api/meetings", {
      cookie: adminCookie,
      json: { startsAt: "2031-03-10T19:00", topic: "Night walk", frequency: 7, ...change },
    });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    expect(body.errors[0].message).toEqual(expect.any(String));
    expect(await meetingCount()).toBe(meetingsBefore);
    expect(await templateCount()).toBe(templatesBefore);
  });
});

describe("GET /api/meetings", () => {
  it("lists Next and Upcoming meetings of a year on the club's calendar, with the member's own uploads", async () => {
    // Its own year far ahead, so other tests' meetings stay out of it.
    const year = 2090;
    const { memberCookie, member } = await people();
    // Noon in Los Angeles; and one at 7 pm on 31 December 2089 there, already 2090 in UTC, which is not 2090's.
    const at = (day: number) => new Date(Date.UTC(year, 0, day, 20));
    const ahead = [];
    for (let day = 1; day <= 23; day++)
      ahead.push(await insertMeeting({ startsAt: at(day), topic: `Walk ${day}\nmore` }));
    await insertMeeting({ startsAt: new Date(Date.UTC(year, 0, 1, 3)), topic: "New Year's Eve" });
    const photo = await insertPhoto(member.id);
    await submitDirectly(ahead[22]!.id, photo, 1);
    const response = await meetingsApi("GET", `/api/meetings?year=${year}`, { cookie: memberCookie });
    expect(response.status).toBe(200);
    const list = await response.json();
    // All of 2090 lies ahead: every meeting is upcoming, soonest first, the earliest is Next.
    expect(list.nextMeeting.title).toBe("Walk 1");
    expect(list.upcomingMeetings.map((m: { title: string }) => m.title)).toEqual(
      Array.from({ length: 22 }, (_, i) => `Walk ${i + 2}`),
    );
    expect(list.pastMeetings).toEqual([]);
    expect(list.years[0]).toBeGreaterThanOrEqual(year);
    expect(list.years.at(-1)).toBe(2021);
    const mine = list.upcomingMeetings.at(-1);
    expect(mine.myUploads).toEqual([
      {
        id: expect.any(Number),
        position: 1,
        photoId: photo.id,
        thumbUrl: expect.stringMatching(new RegExp(`^/media/photos/${photo.id}/thumb\\?v=[\\w-]{12}$`)),
      },
    ]);
    expect(list.upcomingMeetings[0].myUploads).toEqual([]);
  });

  it("pages past meetings newest first, twenty a page", async () => {
    const { memberCookie } = await people();
    const year = 2022;
    for (let day = 1; day <= 25; day++) {
      await insertMeeting({ startsAt: new Date(Date.UTC(year, 5, day, 3)), topic: `June ${day}` });
    }
    const first = await meetingsApi("GET", `/api/meetings?year=${year}`, { cookie: memberCookie });
    const page1 = await first.json();
    expect(page1.nextMeeting).toBeNull();
    expect(page1.upcomingMeetings).toEqual([]);
    expect(page1.total).toBeGreaterThanOrEqual(25);
    expect(page1.pastMeetings).toHaveLength(20);
    const starts = page1.pastMeetings.map((m: { startsAt: string }) => m.startsAt);
    expect(starts).toEqual([...starts].sort().reverse());
    const link = first.headers.get("Link")!;
    expect(link).toContain(`year=${year}&page=2>; rel="next"`);
    const second = await meetingsApi("GET", `/api/meetings?year=${year}&page=2`, { cookie: memberCookie });
    const page2 = await second.json();
    expect(page2.nextMeeting).toBeNull();
    expect(page2.pastMeetings.length).toBeGreaterThanOrEqual(5);
    expect(page2.pastMeetings[0].startsAt < starts.at(-1)).toBe(true);
  });

  it("shows admins the recurring meetings and 'New Meeting' when the year is All, and members never", async () => {
    const { memberCookie, adminCookie } = await people();
    await insertTemplate({ topic: "Biweekly walk", frequency: 14 });
    const asAdmin = await (await meetingsApi("GET", "/api/meetings", { cookie: adminCookie })).json();
    expect(asAdmin.mayCreate).toBe(true);
    expect(asAdmin.templates.map((t: { topic: string }) => t.topic)).toContain("Biweekly walk");
    const oldYear = await (await meetingsApi("GET", "/api/meetings?year=2021", { cookie: adminCookie })).json();
    expect(oldYear.mayCreate).toBe(false);
    expect(oldYear.templates).toBeNull();
    const asMember = await (await meetingsApi("GET", "/api/meetings", { cookie: memberCookie })).json();
    expect(asMember.mayCreate).toBe(false);
    expect(asMember.templates).toBeNull();
  });

  it("refuses a year that is not a year", async () => {
    const { memberCookie } = await people();
    const response = await meetingsApi("GET", "/api/meetings?year=twenty", { cookie: memberCookie });
    expect(response.status).toBe(422);
    expect((await response.json()).errors[0].path).toBe("year");
  });
});

describe("PATCH and DELETE /api/meetings/{id}", () => {
  it("changes only what is sent, and clears what is sent empty", async () => {
    const { adminCookie } = await people();
    const meeting = await insertMeeting({ callLink: "https://meet.example.com/a", callDetails: "Room 3" });
    const response = await meetingsApi("PATCH", `/api/meetings/${meeting.id}`, {
      cookie: adminCookie,
      json: { topic: "Reflections", callLink: "", maxUploadsCount: 6 },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: meeting.id,
      topic: "Reflections",
      callLink: null,
      callDetails: "Room 3",
      maxUploadsCount: 6,
      startsAt: meeting.startsAt.toISOString(),
    });
  });

  it("refuses a bad change with 422 and leaves the meeting as it was", async () => {
    const { adminCookie } = await people();
    const meeting = await insertMeeting();
    for (const json of [
      { startsAt: "soon" },
      { maxUploadsCount: -2 },
      { allowedUserIds: [2147483000] },
      { topic: " " },
    ]) {
      const response = await meetingsApi("PATCH", `/api/meetings/${meeting.id}`, { cookie: adminCookie, json });
      expect(response.status, JSON.stringify(json)).toBe(422);
      expect((await response.json()).errors[0].path).toBe(Object.keys(json)[0]);
    }
    const [stored] = await db().select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(stored).toEqual(meeting);
  });

  it("deletes a meeting without submissions, and refuses one with submissions saying why", async () => {
    const { adminCookie, member } = await people();
    const empty = await insertMeeting();
    expect((await meetingsApi("DELETE", `/api/meetings/${empty.id}`, { cookie: adminCookie })).status).toBe(204);
    expect(await db().select().from(meetings).where(eq(meetings.id, empty.id))).toEqual([]);

    const held = await insertMeeting();
    await submitDirectly(held.id, await insertPhoto(member.id), 1);
    const refused = await meetingsApi("DELETE", `/api/meetings/${held.id}`, { cookie: adminCookie });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/has submissions, so it cannot be deleted/);
    expect(await db().select().from(meetings).where(eq(meetings.id, held.id))).toHaveLength(1);
  });
});

describe("PATCH /api/meetings/templates/{id}", () => {
  it("changes the recurring meeting for admins, with its next start following a new frequency", async () => {
    const { adminCookie } = await people();
    const template = await insertTemplate({ latestAt: new Date("2031-05-06T02:00:00Z"), frequency: 7 });
    const response = await meetingsApi("PATCH", `/api/meetings/templates/${template.id}`, {
      cookie: adminCookie,
      json: { frequency: 14, topic: "Fortnightly critique", callDetails: "" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: template.id,
      topic: "Fortnightly critique",
      frequency: 14,
      callDetails: null,
      nextStartsAt: "2031-05-20T02:00:00.000Z",
    });
  });

  it("refuses a frequency other than 7 or 14 and a missing member, writing nothing", async () => {
    const { adminCookie } = await people();
    const template = await insertTemplate();
    for (const json of [{ frequency: 30 }, { frequency: "7" }, { allowedUserIds: [2147483000] }]) {
      const response = await meetingsApi("PATCH", `/api/meetings/templates/${template.id}`, {
        cookie: adminCookie,
        json,
      });
      expect(response.status, JSON.stringify(json)).toBe(422);
      expect((await response.json()).errors[0].path).toBe(Object.keys(json)[0]);
    }
    const [stored] = await db().select().from(meetingTemplates).where(eq(meetingTemplates.id, template.id));
    expect(stored).toEqual(template);
  });
});

describe("a deactivated member", () => {
  it("is not a member any more: their session is refused", async () => {
    const { member, memberCookie } = await people();
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, member.id));
    expect((await meetingsApi("GET", "/api/meetings", { cookie: memberCookie })).status).toBe(401);
  });
});
