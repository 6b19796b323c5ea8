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
import { meetingDraft, meetingEditDraft } from "~/services/meetings/meetings.server";
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
    expect(draft).toEqual({
      startsAt: "2031-03-13T19:00",
      topic: "Weekly critique\nFour photos each.",
      callLink: "https://meet.example.com/weekly",
      callDetails: null,
      maxUploadsCount: 3,
      allowedUserIds: null,
      anonymous: false,
      meetingTemplateId: templateId,
      frequency: 7,
    });

    const next = await createMeeting(cookie, {
      startsAt: draft.startsAt,
      topic: draft.topic,
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
