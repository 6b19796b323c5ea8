// A competition is a meeting with categories, an entry deadline and a score out
// of; its entry rules hold on the server for every way in, and it stays
// anonymous until its results are published.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetings, photos } from "@db/schema";
import { cookieFor, makeMember } from "../support/members";
import { hoursFromNow, meetingsApi, submitToMeeting, useClubTimeZone } from "../support/meetings";
import { insertPhoto } from "../support/photos";
import { uploadPage } from "~/services/meetings/submissions.server";

useClubTimeZone("Europe/London");

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

async function adminCookie() {
  return cookieFor((await makeMember({ isAdmin: true })).id);
}

async function createCompetition(cookie: string, extra: Record<string, unknown> = {}) {
  const response = await meetingsApi("POST", "/api/meetings", {
    cookie,
    json: {
      startsAt: iso(hoursFromNow(72)),
      topic: "Spring competition",
      kind: "competition",
      closesAt: iso(hoursFromNow(24)),
      categories: [
        { name: "Colour", maxEntries: 2 },
        { name: "Mono", maxEntries: 1 },
      ],
      ...extra,
    },
  });
  return response;
}

const errorPaths = async (response: Response) =>
  ((await response.json()).errors ?? []).map((error: { path: string }) => error.path);

describe("a competition meeting", () => {
  it("is created with its categories, a score out of 20 by default, and always anonymous", async () => {
    const response = await createCompetition(await adminCookie(), { anonymous: false });
    expect(response.status).toBe(201);
    const meeting = await response.json();
    expect(meeting).toMatchObject({
      kind: "competition",
      scoreMax: 20,
      anonymous: true,
      resultsPublishedAt: null,
      categories: [
        { id: expect.any(Number), name: "Colour", maxEntries: 2 },
        { id: expect.any(Number), name: "Mono", maxEntries: 1 },
      ],
    });
    expect(Date.parse(meeting.closesAt)).toBeLessThan(Date.parse(meeting.startsAt));
  });

  it("refuses a deadline after the start, no categories, a score out of 12, and a critique night's categories", async () => {
    const cookie = await adminCookie();
    const late = await createCompetition(cookie, { closesAt: iso(hoursFromNow(80)) });
    expect(late.status).toBe(422);
    expect(await errorPaths(late)).toEqual(["closesAt"]);
    const none = await createCompetition(cookie, { categories: [] });
    expect(await errorPaths(none)).toEqual(["categories"]);
    const twelve = await createCompetition(cookie, { scoreMax: 12 });
    expect(await errorPaths(twelve)).toEqual(["scoreMax"]);
    const same = await createCompetition(cookie, {
      categories: [
        { name: "Open", maxEntries: 1 },
        { name: "open", maxEntries: 2 },
      ],
    });
    expect(await errorPaths(same)).toEqual(["categories"]);
    const critique = await createCompetition(cookie, { kind: "critique" });
    expect(critique.status).toBe(422);
  });

  it("stays anonymous: PATCH anonymous:false is refused and the reveal waits for the results", async () => {
    const cookie = await adminCookie();
    const meeting = await (await createCompetition(cookie)).json();
    const patched = await meetingsApi("PATCH", `/api/meetings/${meeting.id}`, { cookie, json: { anonymous: false } });
    expect(patched.status).toBe(422);
    expect(await errorPaths(patched)).toEqual(["anonymous"]);
    const revealed = await meetingsApi("POST", `/api/meetings/${meeting.id}/reveal`, { cookie });
    expect(revealed.status).toBe(409);
    const [row] = await db().select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.revealedAt).toBeNull();
  });

  it("keeps a renamed category's id, and keeps a category with entries (409)", async () => {
    const cookie = await adminCookie();
    const meeting = await (await createCompetition(cookie)).json();
    const [colour, mono] = meeting.categories;
    const renamed = await meetingsApi("PATCH", `/api/meetings/${meeting.id}`, {
      cookie,
      json: { categories: [{ ...colour, name: "Colour prints" }, mono, { name: "Open", maxEntries: 3 }] },
    });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).categories).toEqual([
      { id: colour.id, name: "Colour prints", maxEntries: 2 },
      mono,
      { id: expect.any(Number), name: "Open", maxEntries: 3 },
    ]);

    const member = await makeMember();
    const photo = await insertPhoto(member.id, { width: 2400, height: 1600, caption: "Doorway" });
    const entered = await submitToMeeting(meeting.id, await cookieFor(member.id), {
      PhotoId: photo.id,
      CategoryId: mono.id,
    });
    expect(entered.status).toBe(201);
    const dropped = await meetingsApi("PATCH", `/api/meetings/${meeting.id}`, {
      cookie,
      json: { categories: [{ ...colour, name: "Colour prints" }] },
    });
    expect(dropped.status).toBe(409);
    expect((await dropped.json()).message).toBe("Mono has entries, so it stays a category of this competition.");
  });
});

describe("a competition's entry rules", () => {
  async function entrant() {
    const member = await makeMember();
    return { member, cookie: await cookieFor(member.id) };
  }

  it("wants a category of this competition, a title and a long edge of 1,600 px", async () => {
    const competition = await (await createCompetition(await adminCookie())).json();
    const other = await (await createCompetition(await adminCookie())).json();
    const [colour] = competition.categories;
    const { member, cookie } = await entrant();
    const small = await insertPhoto(member.id, { width: 1200, height: 800, caption: "Small" });
    const untitled = await insertPhoto(member.id, { width: 1600, height: 1067 });

    const noCategory = await submitToMeeting(competition.id, cookie, { PhotoId: small.id });
    expect(noCategory.status).toBe(422);
    expect(await errorPaths(noCategory)).toEqual(["CategoryId"]);
    const foreign = await submitToMeeting(competition.id, cookie, {
      PhotoId: small.id,
      CategoryId: other.categories[0].id,
    });
    expect(await errorPaths(foreign)).toEqual(["CategoryId"]);
    const tooSmall = await submitToMeeting(competition.id, cookie, { PhotoId: small.id, CategoryId: colour.id });
    expect(tooSmall.status).toBe(422);
    const refusal = await tooSmall.json();
    expect(refusal.errors).toEqual([
      {
        path: "file",
        message: "A projected entry needs a long edge of at least 1,600 px; this photo's is 1,200 px.",
      },
    ]);
    const noTitle = await submitToMeeting(competition.id, cookie, { PhotoId: untitled.id, CategoryId: colour.id });
    expect(await errorPaths(noTitle)).toEqual(["caption"]);

    // The title may come with the entry: it becomes the photo's caption.
    const titled = await submitToMeeting(competition.id, cookie, {
      PhotoId: untitled.id,
      CategoryId: colour.id,
      caption: "Doorway",
    });
    expect(titled.status).toBe(201);
    expect(await titled.json()).toMatchObject({ CategoryId: colour.id, Photo: { id: untitled.id } });
    const [stored] = await db().select().from(photos).where(eq(photos.id, untitled.id));
    expect(stored!.caption).toBe("Doorway");
  });

  it("takes at most a category's entries per member, and nothing once entries have closed", async () => {
    const competition = await (await createCompetition(await adminCookie())).json();
    const [, mono] = competition.categories;
    const { member, cookie } = await entrant();
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map((n) => insertPhoto(member.id, { width: 2000, height: 2000, caption: `Entry ${n}` })),
    );
    expect((await submitToMeeting(competition.id, cookie, { PhotoId: first!.id, CategoryId: mono.id })).status).toBe(
      201,
    );
    const over = await submitToMeeting(competition.id, cookie, { PhotoId: second!.id, CategoryId: mono.id });
    expect(over.status).toBe(409);
    expect((await over.json()).message).toBe("You have entered Mono already: one entry per member.");

    const closed = new Date("2026-03-01T19:30:00Z");
    await db().update(meetings).set({ closesAt: closed }).where(eq(meetings.id, competition.id));
    const late = await submitToMeeting(competition.id, cookie, {
      PhotoId: third!.id,
      CategoryId: competition.categories[0].id,
    });
    expect(late.status).toBe(422);
    expect((await late.json()).message).toBe("Entries closed on Sun, Mar 1, 2026, 7:30 PM.");
    // The upload page says so first, and offers nothing to enter.
    const page = await uploadPage(member, competition.id);
    expect(page).toMatchObject({ maySubmit: false, refusal: "Entries closed on Sun, Mar 1, 2026, 7:30 PM." });
  });

  it("refuses a category on a critique night's submission", async () => {
    const cookie = await adminCookie();
    const critique = await meetingsApi("POST", "/api/meetings", {
      cookie,
      json: { startsAt: iso(hoursFromNow(72)), topic: "Critique" },
    });
    const meeting = await critique.json();
    expect(meeting).toMatchObject({ kind: "critique", categories: [], closesAt: null, scoreMax: null });
    const { member, cookie: mine } = await entrant();
    const photo = await insertPhoto(member.id);
    const refused = await submitToMeeting(meeting.id, mine, { PhotoId: photo.id, CategoryId: 1 });
    expect(await errorPaths(refused)).toEqual(["CategoryId"]);
  });
});
