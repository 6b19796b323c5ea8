// A recurring meeting may be a competition: its JSON, its PATCH and the edit
// form carry the kind, the categories, the score out of and how many days before
// each meeting entries close, and its next meeting is a competition with them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetingTemplates } from "@db/schema";
import * as templateEditPage from "~/routes/meetings/template-edit";
import { cookieFor, formRequest, makeMember } from "../support/members";
import { meetingsApi, useClubTimeZone } from "../support/meetings";
import { call } from "../support/routes";

const ZONE = "Europe/London";
useClubTimeZone(ZONE);

const DAY_MS = 86_400_000;

async function adminCookie() {
  return cookieFor((await makeMember({ isAdmin: true })).id);
}

/** A weekly competition, Colour and Mono, scored out of 15, entries closing two days before. */
async function recurringCompetition(cookie: string) {
  const response = await meetingsApi("POST", "/api/meetings", {
    cookie,
    json: {
      startsAt: "2031-05-06T19:00",
      topic: "Season competition",
      repeats: "weekly",
      kind: "competition",
      scoreMax: 15,
      closesAt: "2031-05-04T19:00",
      categories: [
        { name: "Colour", maxEntries: 2 },
        { name: "Mono", maxEntries: 1 },
      ],
    },
  });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await response.json()).MeetingTemplateId as number;
}

const patchTemplate = (cookie: string, templateId: number, json: unknown) =>
  meetingsApi("PATCH", `/api/meetings/templates/${templateId}`, { cookie, json });

describe("a recurring competition", () => {
  it("keeps its categories, score out of and deadline, and makes its next meeting a competition with them", async () => {
    const cookie = await adminCookie();
    const templateId = await recurringCompetition(cookie);
    const template = await (await meetingsApi("GET", `/api/meetings/templates/${templateId}`, { cookie })).json();
    expect(template).toMatchObject({
      kind: "competition",
      scoreMax: 15,
      closesDaysBefore: 2,
      anonymous: true,
      categories: [
        { name: "Colour", maxEntries: 2 },
        { name: "Mono", maxEntries: 1 },
      ],
    });

    // The API's next meeting names only its series: the series' competition fields follow.
    const next = await meetingsApi("POST", "/api/meetings", {
      cookie,
      json: { startsAt: "2031-05-13T19:00", topic: "Doors", meetingTemplateId: templateId },
    });
    expect(next.status, JSON.stringify(await next.clone().json())).toBe(201);
    const meeting = await next.json();
    expect(meeting).toMatchObject({ kind: "competition", scoreMax: 15, anonymous: true });
    expect(meeting.categories.map((category: { name: string }) => category.name)).toEqual(["Colour", "Mono"]);
    expect(new Date(meeting.startsAt).getTime() - new Date(meeting.closesAt).getTime()).toBe(2 * DAY_MS);
  });

  it("changes by PATCH, validated: a critique series has none of them, a competition needs them whole", async () => {
    const cookie = await adminCookie();
    const templateId = await recurringCompetition(cookie);
    const changed = await patchTemplate(cookie, templateId, {
      categories: [{ name: "Open", maxEntries: 3 }],
      closesDaysBefore: 5,
      scoreMax: 20,
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      kind: "competition",
      scoreMax: 20,
      closesDaysBefore: 5,
      categories: [{ name: "Open", maxEntries: 3 }],
    });

    const tooEarly = await patchTemplate(cookie, templateId, { closesDaysBefore: 61 });
    expect(tooEarly.status).toBe(422);
    expect(JSON.stringify(await tooEarly.json())).toContain("closesDaysBefore");
    const critiqueWithCategories = await patchTemplate(cookie, templateId, {
      kind: "critique",
      categories: [{ name: "Open", maxEntries: 1 }],
    });
    expect(critiqueWithCategories.status).toBe(422);
    const wrongScore = await patchTemplate(cookie, templateId, { scoreMax: 12 });
    expect(wrongScore.status).toBe(422);

    const critique = await patchTemplate(cookie, templateId, { kind: "critique" });
    expect(critique.status).toBe(200);
    expect(await critique.json()).toMatchObject({
      kind: "critique",
      categories: [],
      scoreMax: null,
      closesDaysBefore: null,
    });
    // Back to a competition, it needs its categories and its deadline again.
    const bare = await patchTemplate(cookie, templateId, { kind: "competition" });
    expect(bare.status).toBe(422);
    expect(JSON.stringify(await bare.json())).toContain("categories");
    const member = await cookieFor((await makeMember()).id);
    expect((await patchTemplate(member, templateId, { closesDaysBefore: 3 })).status).toBe(403);
  });

  it("is edited through the recurring meeting's form without JavaScript", async () => {
    const cookie = await adminCookie();
    const templateId = await recurringCompetition(cookie);
    const fields = {
      topic: "Season competition",
      maxUploadsCount: "4",
      submitters: "everyone",
      repeats: "biweekly",
      kind: "competition",
      closesDaysBefore: "3",
      scoreMax: "10",
      "categories[0].name": "Nature",
      "categories[0].maxEntries": "2",
      "categories[1].name": "",
      "categories[1].maxEntries": "",
    };
    const path = `/meetings/templates/${templateId}/edit`;
    const saved = await call(templateEditPage.action, formRequest(path, fields, cookie), {
      meetingId: String(templateId),
    });
    expect(saved.status).toBe(302);
    const [row] = await db().select().from(meetingTemplates).where(eq(meetingTemplates.id, templateId));
    expect(row).toMatchObject({
      kind: "competition",
      scoreMax: 10,
      closesDaysBefore: 3,
      frequency: 14,
      anonymous: true,
      categories: [{ name: "Nature", maxEntries: 2 }],
    });

    const refused = await call(
      templateEditPage.action,
      formRequest(path, { ...fields, closesDaysBefore: "-1" }, cookie),
      { meetingId: String(templateId) },
    );
    expect(refused.status).toBe(422);
  });
});
