// Recurring meetings end to end: an admin creates a weekly meeting, then
// 'Create Next Meeting' pre-fills a week later on the club's clock (a 7 pm
// meeting stays at 7 pm across a daylight-saving change) and saving it moves
// the recurring meeting's latest start.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetingTemplates } from "@db/schema";
import { toDateTimeInput } from "~/lib/club-time";
import { ForbiddenError, NotFoundError } from "~/services/errors.server";
import { meetingDraft, meetingEditDraft } from "~/services/meetings/meeting-drafts.server";
import { cookieFor, makeMember } from "../support/members";
import { meetingsApi, useClubTimeZone } from "../support/meetings";

const ZONE = "America/Los_Angeles";
useClubTimeZone(ZONE);

async function createMeeting(cookie: string, json: Record<string, unknown>) {
  const response = await meetingsApi("POST", "/api/meetings", { cookie, json });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return response.json();
}

async function latestAtOf(templateId: number) {
  const [row] = await db().select().from(meetingTemplates).where(eq(meetingTemplates.id, templateId));
  return row!.latestAt;
}

describe("a monthly meeting and 'Create Next Meeting'", () => {
  it("proposes the same weekday of the next month (2nd Tuesday to 2nd Tuesday), through the API and its JSON", async () => {
    const admin = await makeMember({ isAdmin: true });
    const cookie = await cookieFor(admin.id);
    // Tuesday 11 February 2031 is the second Tuesday; clocks go forward on 9 March.
    const first = await createMeeting(cookie, {
      startsAt: "2031-02-11T19:00",
      topic: "Monthly critique",
      repeats: "monthly",
    });
    const templateId = first.MeetingTemplateId as number;
    const template = await (await meetingsApi("GET", `/api/meetings/templates/${templateId}`, { cookie })).json();
    expect(template).toMatchObject({ frequency: null, repeats: "monthly" });
    // The second Tuesday of March, at 7 pm PDT.
    expect(template.nextStartsAt).toBe("2031-03-12T02:00:00.000Z");
    expect(toDateTimeInput(new Date(template.nextStartsAt), ZONE)).toBe("2031-03-11T19:00");

    const draft = await meetingDraft(admin, templateId);
    expect(draft).toMatchObject({
      startsAt: "2031-03-11T19:00",
      topic: "",
      series: { title: "Monthly critique", repeats: "monthly" },
    });
    const next = await createMeeting(cookie, {
      startsAt: draft.startsAt,
      topic: "Reflections",
      meetingTemplateId: templateId,
    });
    expect(next.topic).toBe("Reflections");
    const list = await (await meetingsApi("GET", "/api/meetings/templates", { cookie })).json();
    const listed = list.find((t: { id: number }) => t.id === templateId);
    // Then the second Tuesday of April.
    expect(toDateTimeInput(new Date(listed.nextStartsAt), ZONE)).toBe("2031-04-08T19:00");
  });

  it("moves a series to the last week by PATCH, and back to the contract's frequency; refuses a rhythm it does not know", async () => {
    const admin = await makeMember({ isAdmin: true });
    const cookie = await cookieFor(admin.id);
    // Tuesday 29 April 2031 is a fifth Tuesday: monthly goes on to May's last, the 27th.
    const first = await createMeeting(cookie, { startsAt: "2031-04-29T19:00", topic: "Last orders", frequency: 7 });
    const templateId = first.MeetingTemplateId as number;
    const patch = (json: Record<string, unknown>) =>
      meetingsApi("PATCH", `/api/meetings/templates/${templateId}`, { cookie, json });

    const monthly = await (await patch({ repeats: "monthly" })).json();
    expect(monthly).toMatchObject({ frequency: null, repeats: "monthly" });
    expect(toDateTimeInput(new Date(monthly.nextStartsAt), ZONE)).toBe("2031-05-27T19:00");
    const last = await (await patch({ repeats: "monthly-last" })).json();
    expect(last).toMatchObject({ frequency: null, repeats: "monthly-last" });
    expect(toDateTimeInput(new Date(last.nextStartsAt), ZONE)).toBe("2031-05-27T19:00");
    const [row] = await db().select().from(meetingTemplates).where(eq(meetingTemplates.id, templateId));
    expect([row!.frequency, row!.monthlyWeek]).toEqual([null, "last"]);

    const biweekly = await (await patch({ frequency: 14 })).json();
    expect(biweekly).toMatchObject({ frequency: 14, repeats: "biweekly" });
    expect(toDateTimeInput(new Date(biweekly.nextStartsAt), ZONE)).toBe("2031-05-13T19:00");

    for (const json of [{ repeats: "yearly" }, { repeats: "monthly", frequency: 7 }, { frequency: 30 }]) {
      const refused = await patch(json);
      expect(refused.status, JSON.stringify(json)).toBe(422);
    }
    expect((await (await patch({})).json()).repeats).toBe("biweekly");
  });
});

describe("a weekly meeting and 'Create Next Meeting'", () => {
  it("pre-fills the next meeting a week later at the same time across spring forward, and moves latestAt on save", async () => {
    const admin = await makeMember({ isAdmin: true });
    const cookie = await cookieFor(admin.id);
    // Thursday 6 March 2031, 7 pm PST; clocks go forward on Sunday 9 March.
    const first = await createMeeting(cookie, {
      startsAt: "2031-03-06T19:00",
      topic: "Weekly critique\nFour photos each.",
      callLink: "https://meet.example.com/weekly",
      maxUploadsCount: 3,
      frequency: 7,
    });
    const templateId = first.MeetingTemplateId as number;
    expect(first.startsAt).toBe("2031-03-07T03:00:00.000Z");
    expect((await latestAtOf(templateId)).toISOString()).toBe(first.startsAt);

    const draft = await meetingDraft(admin, templateId);
    // The series' details, but an empty topic: each night has its own.
    expect(draft).toEqual({
      startsAt: "2031-03-13T19:00",
      topic: "",
      callLink: "https://meet.example.com/weekly",
      callDetails: null,
      maxUploadsCount: 3,
      allowedUserIds: null,
      anonymous: false,
      meetingTemplateId: templateId,
      series: { title: "Weekly critique", repeats: "weekly" },
      kind: "critique",
      categories: [],
      closesAt: "",
      scoreMax: 20,
    });

    const next = await createMeeting(cookie, {
      startsAt: draft.startsAt,
      topic: "Shadows",
      callLink: draft.callLink,
      maxUploadsCount: draft.maxUploadsCount,
      meetingTemplateId: templateId,
    });
    // 7 pm PDT: 23 hours of UTC less than a week after the first... plus six days.
    expect(next.startsAt).toBe("2031-03-14T02:00:00.000Z");
    expect(next.MeetingTemplateId).toBe(templateId);
    expect((await latestAtOf(templateId)).toISOString()).toBe(next.startsAt);

    const template = await (await meetingsApi("GET", `/api/meetings/templates/${templateId}`, { cookie })).json();
    expect(toDateTimeInput(new Date(template.nextStartsAt), ZONE)).toBe("2031-03-20T19:00");
    // The series keeps its own topic; the contract's frequency, and the rhythm it names.
    expect(template).toMatchObject({ topic: "Weekly critique\nFour photos each.", frequency: 7, repeats: "weekly" });
  });

  it("keeps a biweekly meeting at 7 pm across fall back, and an extra earlier meeting does not move the series back", async () => {
    const admin = await makeMember({ isAdmin: true });
    const cookie = await cookieFor(admin.id);
    const first = await createMeeting(cookie, { startsAt: "2031-10-28T19:00", topic: "Biweekly walk", frequency: 14 });
    const templateId = first.MeetingTemplateId as number;
    expect((await meetingDraft(admin, templateId)).startsAt).toBe("2031-11-11T19:00");

    await createMeeting(cookie, {
      startsAt: "2031-10-01T19:00",
      topic: "An extra walk",
      meetingTemplateId: templateId,
    });
    expect((await latestAtOf(templateId)).toISOString()).toBe(first.startsAt);
  });

  it("refuses the draft to members and for a recurring meeting that does not exist", async () => {
    const member = await makeMember();
    const admin = await makeMember({ isAdmin: true });
    await expect(meetingDraft(member, null)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(meetingDraft(admin, 2147483000)).rejects.toBeInstanceOf(NotFoundError);
    expect((await meetingDraft(admin, null)).maxUploadsCount).toBe(4);
  });

  it("fills the edit form with the start on the club's clock, for admins only", async () => {
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember();
    const cookie = await cookieFor(admin.id);
    const meeting = await createMeeting(cookie, { startsAt: "2031-07-04T19:30", topic: "Fireworks", frequency: 7 });
    expect(await meetingEditDraft(admin, meeting.id)).toEqual({
      id: meeting.id,
      startsAt: "2031-07-04T19:30",
      topic: "Fireworks",
      callLink: null,
      callDetails: null,
      maxUploadsCount: 4,
      allowedUserIds: null,
      anonymous: false,
      meetingTemplateId: meeting.MeetingTemplateId,
      kind: "critique",
      categories: [],
      closesAt: "",
      scoreMax: 20,
    });
    await expect(meetingEditDraft(member, meeting.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(meetingEditDraft(admin, 2147483000)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses both a frequency and a recurring meeting at once", async () => {
    const admin = await makeMember({ isAdmin: true });
    const cookie = await cookieFor(admin.id);
    const first = await createMeeting(cookie, { startsAt: "2031-06-03T19:00", topic: "Walk", frequency: 7 });
    const response = await meetingsApi("POST", "/api/meetings", {
      cookie,
      json: { startsAt: "2031-06-10T19:00", topic: "Walk", frequency: 7, meetingTemplateId: first.MeetingTemplateId },
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.map((e: { path: string }) => e.path)).toEqual(["frequency"]);
    expect((await latestAtOf(first.MeetingTemplateId)).toISOString()).toBe(first.startsAt);
  });
});
