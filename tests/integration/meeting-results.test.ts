// A meeting's results and the season's standings,
// through their /api routes and pages: the ranking and its tie-breaks (the
// owner's own rating left out), the counts, authors withheld from everyone but
// the author until an anonymous meeting is revealed, and the standings leaving
// such a meeting out until then.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetingSubmissions, meetings, photos, users } from "@db/schema";
import type { Member } from "~/lib/member";
import type { MeetingResultsJson, StandingsJson } from "~/lib/results";
import * as resultsApi from "~/routes/api/meetings.results";
import * as standingsApi from "~/routes/api/standings";
import * as resultsPage from "~/routes/meetings/results";
import * as standingsPage from "~/routes/meetings/standings";
import * as clubPage from "~/routes/admin/club";
import { takeFlash } from "~/server/flash.server";
import { ratePhoto } from "~/services/ratings/ratings.server";
import { cookieFor, formRequest, makeMember, request } from "../support/members";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { commentDirectly, insertPhoto } from "../support/photos";
import { call } from "../support/routes";

const HOUR = 60 * 60 * 1000;

async function results(meetingId: number, cookie: string): Promise<MeetingResultsJson> {
  const answer = await call(resultsApi.loader, request(`/api/meetings/${meetingId}/results`, { cookie }), {
    meetingId: String(meetingId),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as MeetingResultsJson;
}

async function season(year: number, cookie: string): Promise<StandingsJson> {
  const answer = await call(standingsApi.loader, request(`/api/standings?year=${year}`, { cookie }));
  expect(answer.status).toBe(200);
  return (await answer.json()) as StandingsJson;
}

/** Submits photos at distinct instants, in the order given (the last tie-break). */
async function submitInOrder(meetingId: number, list: { id: number; userId: number }[]) {
  for (const [index, photo] of list.entries()) {
    const row = await submitDirectly(meetingId, photo, index + 1);
    await db()
      .update(meetingSubmissions)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12, index)) })
      .where(eq(meetingSubmissions.id, row.id));
  }
}

/** `n` fresh members. */
async function membersOf(n: number) {
  const list = await Promise.all(Array.from({ length: n }, () => makeMember()));
  return { named: list.slice(0, 4) as [Member, Member, Member, Member], raters: list.slice(4) };
}

async function rateAll(photoId: number, raters: { id: number }[], values: number[]) {
  for (const [index, value] of values.entries()) await ratePhoto(raters[index]!, photoId, { value });
}

describe("a meeting's results", () => {
  it("ranks by the average without the owner's rating, then by the number of ratings, then by who submitted first", async () => {
    const {
      named: [ann, bob, cy],
      raters,
    } = await membersOf(8);
    const meeting = await insertMeeting({ startsAt: new Date(Date.now() - 3 * HOUR) });
    const early = await insertPhoto(ann.id, { caption: "Early four" });
    const many = await insertPhoto(bob.id, { caption: "Four, more ratings" });
    const late = await insertPhoto(cy.id, { caption: "Late four" });
    const top = await insertPhoto(ann.id, { caption: "Top" });
    const unrated = await insertPhoto(bob.id, { caption: "Unrated" });
    await submitInOrder(meeting.id, [unrated, early, many, late, top]);
    await rateAll(early.id, raters, [4, 4]);
    await rateAll(many.id, raters, [4, 4, 4]);
    await rateAll(late.id, raters, [4, 4]);
    // Top: 5 from others; its owner's own 1 is left out, as everywhere.
    await rateAll(top.id, raters, [5, 5]);
    await ratePhoto(ann, top.id, { value: 1 });
    // The owner's own rating alone leaves a photo unrated.
    await ratePhoto(bob, unrated.id, { value: 5 });
    await commentDirectly([
      [early, bob, "Nice."],
      [early, cy, "Agreed."],
      [top, cy, "Wow."],
    ]);

    const answer = await results(meeting.id, await cookieFor(cy.id));
    expect(answer.authorsShown).toBe(true);
    expect(answer.provisional).toBe(false);
    expect(
      answer.results.map((row) => [row.rank, row.Photo.caption, row.rating, row.ratingCount, row.commentCount]),
    ).toEqual([
      [1, "Top", 5, 2, 1],
      [2, "Four, more ratings", 4, 3, 0],
      [3, "Early four", 4, 2, 2],
      [4, "Late four", 4, 2, 0],
      [5, "Unrated", null, 0, 0],
    ]);
    expect(answer.results.map((row) => [row.place, row.photoOfTheNight, row.placed])).toEqual([
      [1, true, true],
      [2, false, true],
      [3, false, true],
      // The same average and number of ratings as 'Early four': the same place, listed after it.
      [3, false, true],
      [5, false, false],
    ]);
    expect(answer.results[0]).toMatchObject({
      UserId: ann.id,
      User: { id: ann.id, firstName: ann.firstName, lastName: ann.lastName, username: ann.username },
      Photo: { id: top.id, thumbUrl: expect.stringMatching(new RegExp(`^/media/photos/${top.id}/thumb\\?v=`)) },
    });
    // The copied average is what a fresh aggregate of the others' ratings says.
    const [row] = await db().select().from(photos).where(eq(photos.id, top.id));
    expect(row!.ratingAverage).toBe(5000);
  });

  it("gives photos with the same average and number of ratings one place: joint firsts, then third, on the page too", async () => {
    const {
      named: [ann, bob, cy, dee],
      raters,
    } = await membersOf(7);
    const meeting = await insertMeeting({ startsAt: new Date(Date.now() - 3 * HOUR) });
    const harbour = await insertPhoto(ann.id, { caption: "Harbour" });
    const crane = await insertPhoto(bob.id, { caption: "Crane" });
    const quay = await insertPhoto(cy.id, { caption: "Quay" });
    const rope = await insertPhoto(dee.id, { caption: "Rope" });
    await submitInOrder(meeting.id, [harbour, crane, quay, rope]);
    await rateAll(harbour.id, raters, [5, 4]);
    await rateAll(crane.id, raters, [4, 5]);
    await rateAll(quay.id, raters, [4, 4]);
    await rateAll(rope.id, raters, [4, 4]);

    const answer = await results(meeting.id, await cookieFor(dee.id));
    expect(
      answer.results.map((row) => [row.Photo.caption, row.rank, row.place, row.photoOfTheNight, row.placed]),
    ).toEqual([
      ["Harbour", 1, 1, true, true],
      ["Crane", 2, 1, true, true],
      ["Quay", 3, 3, false, true],
      ["Rope", 4, 3, false, true],
    ]);

    const pageAnswer = await call(
      resultsPage.loader,
      request(`/meetings/${meeting.id}/results`, { cookie: await cookieFor(dee.id) }),
      { meetingId: String(meeting.id) },
    );
    expect(pageAnswer.status).toBe(200);
    const { results: pageResults } = (await pageAnswer.json()) as { results: MeetingResultsJson };
    expect(pageResults.results.map((row) => row.place)).toEqual([1, 1, 3, 3]);
  });

  it("withholds the authors of an anonymous meeting from all but the author until it is revealed", async () => {
    const [ann, bob, admin] = await Promise.all([makeMember(), makeMember(), makeMember({ isAdmin: true })]);
    const meeting = await insertMeeting({ startsAt: new Date(Date.now() - HOUR), anonymous: true });
    const annsPhoto = await insertPhoto(ann.id, { caption: "Ann's" });
    const bobsPhoto = await insertPhoto(bob.id, { caption: "Bob's" });
    await submitInOrder(meeting.id, [annsPhoto, bobsPhoto]);
    await ratePhoto(bob, annsPhoto.id, { value: 5 });

    const byPhoto = (answer: MeetingResultsJson) =>
      Object.fromEntries(answer.results.map((row) => [row.Photo.caption, [row.UserId, row.User?.username ?? null]]));
    const toAnn = await results(meeting.id, await cookieFor(ann.id));
    expect(toAnn.authorsShown).toBe(false);
    expect(toAnn.provisional).toBe(true);
    expect(byPhoto(toAnn)).toEqual({ "Ann's": [ann.id, ann.username], "Bob's": [null, null] });
    // Admins are no exception: the host's screen is what the call sees.
    for (const viewer of [admin]) {
      const answer = await results(meeting.id, await cookieFor(viewer.id));
      expect(byPhoto(answer)).toEqual({ "Ann's": [null, null], "Bob's": [null, null] });
      const text = JSON.stringify(answer);
      for (const hidden of [ann.username, ann.lastName, bob.username, bob.lastName]) expect(text).not.toContain(hidden);
    }
    // The page's data too.
    const pageAnswer = await call(
      resultsPage.loader,
      request(`/meetings/${meeting.id}/results`, { cookie: await cookieFor(admin.id) }),
      { meetingId: String(meeting.id) },
    );
    expect(pageAnswer.status).toBe(200);
    const pageText = await pageAnswer.text();
    for (const hidden of [ann.username, ann.lastName, bob.username, bob.lastName])
      expect(pageText).not.toContain(hidden);

    await db().update(meetings).set({ revealedAt: new Date() }).where(eq(meetings.id, meeting.id));
    const revealed = await results(meeting.id, await cookieFor(admin.id));
    expect(revealed.authorsShown).toBe(true);
    expect(byPhoto(revealed)).toEqual({ "Ann's": [ann.id, ann.username], "Bob's": [bob.id, bob.username] });
  });

  it("answers 404 for a meeting that does not exist, and asks visitors to log in", async () => {
    const member = await makeMember();
    const missing = await call(
      resultsApi.loader,
      request("/api/meetings/2147483000/results", { cookie: await cookieFor(member.id) }),
      {
        meetingId: "2147483000",
      },
    );
    expect(missing.status).toBe(404);
    const visitor = await call(resultsApi.loader, request("/api/meetings/1/results"), { meetingId: "1" });
    expect(visitor.status).toBe(401);
  });
});

describe("the season's standings", () => {
  // A year of its own, so the file's other meetings stay out of it.
  const YEAR = 2024;
  const at = (month: number, day: number) => new Date(Date.UTC(YEAR, month - 1, day, 19));

  it("counts meetings, photos, the average received, placings and points, sorted by points then average; anonymous meetings once revealed", async () => {
    const {
      named: [ann, bob, cy, dee],
      raters,
    } = await membersOf(8);
    const cookie = await cookieFor(dee.id);
    const first = await insertMeeting({ startsAt: at(3, 1) });
    const second = await insertMeeting({ startsAt: at(6, 1) });
    const hidden = await insertMeeting({ startsAt: at(9, 1), anonymous: true });
    const otherYear = await insertMeeting({ startsAt: new Date(Date.UTC(YEAR - 1, 5, 1, 19)) });

    // First night: Ann 5.0, Bob 4.0, Cy 3.0, Ann's second unrated (rank 4).
    const a1 = await insertPhoto(ann.id, { caption: "a1" });
    const b1 = await insertPhoto(bob.id, { caption: "b1" });
    const c1 = await insertPhoto(cy.id, { caption: "c1" });
    const a2 = await insertPhoto(ann.id, { caption: "a2" });
    await submitInOrder(first.id, [a1, b1, c1, a2]);
    await rateAll(a1.id, raters, [5, 5]);
    await rateAll(b1.id, raters, [4, 4]);
    await rateAll(c1.id, raters, [3, 3]);
    // Second night: Bob 4.5 first, Cy 2.0 second.
    const b2 = await insertPhoto(bob.id, { caption: "b2" });
    const c2 = await insertPhoto(cy.id, { caption: "c2" });
    await submitInOrder(second.id, [b2, c2]);
    await rateAll(b2.id, raters, [4, 5]);
    await rateAll(c2.id, raters, [2, 2]);
    // Hidden night: Cy's 5.0 does not count until revealed.
    const c3 = await insertPhoto(cy.id, { caption: "c3" });
    await submitInOrder(hidden.id, [c3]);
    await rateAll(c3.id, raters, [5, 5, 5, 5]);
    // Another year's night: Dee's never counts here.
    const d1 = await insertPhoto(dee.id, { caption: "d1" });
    await submitInOrder(otherYear.id, [d1]);
    await rateAll(d1.id, raters, [5]);

    const before = await season(YEAR, cookie);
    expect(before.year).toBe(YEAR);
    const table = (answer: StandingsJson) =>
      answer.standings.map((row) => [
        row.position,
        row.User.username,
        row.meetingsEntered,
        row.photosSubmitted,
        row.averageRating,
        row.ratingsReceived,
        row.placings,
        row.points,
      ]);
    // Bob: a second and a first, 2 + 3 points, average (4+4+4+5)/4 = 4.25; Ann: a first, 3 points, 5.0;
    // Cy: a third and a second, 1 + 2 points, (3+3+2+2)/4 = 2.5. Ann's photo of the night outranks
    // Cy's two lesser placings on the average (by placings alone, Ann would be last).
    expect(table(before)).toEqual([
      [1, bob.username, 2, 2, 4.25, 4, 2, 5],
      [2, ann.username, 1, 2, 5, 2, 1, 3],
      [3, cy.username, 2, 2, 2.5, 4, 2, 3],
    ]);
    expect(before.placingPoints).toEqual({ first: 3, second: 2, third: 1 });
    expect(before.photosOfTheYear.map((p) => [p.Photo.caption, p.rating, p.ratingCount])).toEqual([
      ["a1", 5, 2],
      ["b2", 4.5, 2],
      ["b1", 4, 2],
      ["c1", 3, 2],
      ["c2", 2, 2],
    ]);
    expect(JSON.stringify(before)).not.toContain('"c3"');

    await db().update(meetings).set({ revealedAt: new Date() }).where(eq(meetings.id, hidden.id));
    const after = await season(YEAR, cookie);
    // Cy: 3 placings now, a first more (6 points), (3+3+2+2+5*4)/8 = 3.75.
    expect(table(after)[0]).toEqual([1, cy.username, 3, 3, 3.75, 8, 3, 6]);
    expect(after.photosOfTheYear[0]).toMatchObject({
      Photo: { caption: "c3" },
      rating: 5,
      ratingCount: 4,
      User: { username: cy.username },
      Meeting: { id: hidden.id },
    });
  });

  it("scores a shared place with the place's points, with the points an admin sets on /admin/club", async () => {
    // A year of its own again (the test above uses 2024 and 2023).
    const year = 2022;
    const {
      named: [ann, bob, cy, admin],
      raters,
    } = await membersOf(6);
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const adminCookie = await cookieFor(admin.id);
    const night = await insertMeeting({ startsAt: new Date(Date.UTC(year, 4, 1, 19)) });
    // Ann and Bob joint first (4.5 from 2 each), Cy third: no second place.
    const a = await insertPhoto(ann.id, { caption: "a" });
    const b = await insertPhoto(bob.id, { caption: "b" });
    const c = await insertPhoto(cy.id, { caption: "c" });
    await submitInOrder(night.id, [a, b, c]);
    await rateAll(a.id, raters, [5, 4]);
    await rateAll(b.id, raters, [4, 5]);
    await rateAll(c.id, raters, [4, 4]);
    // Ann and Bob tie on everything: the table then goes by last name, so compare them as a set.
    const points = async () => {
      const rows = (await season(year, adminCookie)).standings.map((row) => [row.User.username, row.points]);
      return [new Set(rows.slice(0, 2).map(String)), rows.slice(2)];
    };
    expect(await points()).toEqual([new Set([`${ann.username},3`, `${bob.username},3`]), [[cy.username, 1]]]);

    // The admin's form: refused out of order, then saved.
    const save = (fields: Record<string, string>) =>
      call(clubPage.action, formRequest("/admin/club", { intent: "placing-points", ...fields }, adminCookie));
    const refused = await save({ firstPlacePoints: "2", secondPlacePoints: "5", thirdPlacePoints: "1" });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain("A second place cannot be worth more than a first.");
    const saved = await save({ firstPlacePoints: "10", secondPlacePoints: "5", thirdPlacePoints: "2" });
    expect(saved.status).toBe(302);
    const { message } = await takeFlash(
      new Request("http://localhost/", { headers: { Cookie: saved.headers.get("Set-Cookie")!.split(";")[0]! } }),
    );
    expect(message).toBe("Placing points saved: 10, 5 and 2.");
    const page = await call(clubPage.loader, request("/admin/club", { cookie: adminCookie }));
    expect(((await page.json()) as { placingPoints: unknown }).placingPoints).toEqual({
      first: 10,
      second: 5,
      third: 2,
    });

    expect(await points()).toEqual([new Set([`${ann.username},10`, `${bob.username},10`]), [[cy.username, 2]]]);
    expect((await season(year, adminCookie)).placingPoints).toEqual({ first: 10, second: 5, third: 2 });
    // Members may not change them.
    const byMember = await call(
      clubPage.action,
      formRequest(
        "/admin/club",
        { intent: "placing-points", firstPlacePoints: "1", secondPlacePoints: "1", thirdPlacePoints: "1" },
        await cookieFor(ann.id),
      ),
    );
    expect(byMember.status).toBe(302);
    expect(byMember.headers.get("Location")).toBe("/");
    expect((await season(year, adminCookie)).placingPoints).toEqual({ first: 10, second: 5, third: 2 });
  });

  it("refuses a year that is no year (422 from the API, 404 from the page), and asks visitors to log in", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const bad = await call(standingsApi.loader, request("/api/standings?year=soon", { cookie }));
    expect(bad.status).toBe(422);
    const badPage = await call(standingsPage.loader, request("/meetings/standings?year=1066", { cookie }));
    expect(badPage.status).toBe(404);
    const visitor = await call(standingsApi.loader, request("/api/standings"));
    expect(visitor.status).toBe(401);
    const thisYear = await call(standingsApi.loader, request("/api/standings", { cookie }));
    expect(thisYear.status).toBe(200);
    expect(((await thisYear.json()) as StandingsJson).year).toBe(new Date().getFullYear());
  });
});
