// A competition's screens for the night: the results page (an admin changes an
// award and publishes with plain forms; members see nothing before publishing,
// and the names only after), the edit page's judge invitation, and the
// presenter's screen's entries. Members and visitors may not publish, change
// awards or invite; a judge's link is no session anywhere but its own pages.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { competitionJudges, competitionScores, meetings } from "@db/schema";
import * as editPage from "~/routes/meetings/edit";
import * as judgePage from "~/routes/judge/judge";
import * as presentPage from "~/routes/meetings/present";
import * as resultsPage from "~/routes/meetings/results";
import { saveScore } from "~/services/competitions/judging.server";
import { useMailCatcher } from "../support/club-mail";
import { enterDirectly, insertCompetition, insertJudge } from "../support/competitions";
import { cookieFor, formRequest, makeMember, request } from "../support/members";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";

const mail = useMailCatcher();

/** Two categories, three entries by two members (one of them an admin), and a judge's link. */
async function night() {
  const admin = await makeMember({ isAdmin: true, firstName: "Ada" });
  const bea = await makeMember({ firstName: "Bea" });
  const { meeting, categories } = await insertCompetition({ scoreMax: 20 }, [
    { name: "Colour", maxEntries: 2 },
    { name: "Mono", maxEntries: 2 },
  ]);
  const entries = [];
  for (const [owner, title, category] of [
    [bea, "Doorway", 0],
    [admin, "Pigeons", 0],
    [bea, "Rain", 1],
  ] as const) {
    const photo = await insertPhoto(owner.id, { caption: title, width: 2400, height: 1600 });
    await enterDirectly(meeting.id, categories[category]!.id, photo);
    entries.push(photo);
  }
  const { token } = await insertJudge(meeting.id);
  return {
    admin,
    bea,
    meeting,
    entries,
    token,
    adminCookie: await cookieFor(admin.id),
    beaCookie: await cookieFor(bea.id),
  };
}

const results = (meetingId: number, cookie?: string) =>
  call(resultsPage.loader, request(`/meetings/${meetingId}/results`, { cookie }), { meetingId: String(meetingId) });
const post = (meetingId: number, fields: Record<string, string>, cookie?: string) =>
  call(resultsPage.action, formRequest(`/meetings/${meetingId}/results`, fields, cookie), {
    meetingId: String(meetingId),
  });
const awardOf = async (photoId: number) =>
  (await db().select().from(competitionScores).where(eq(competitionScores.photoId, photoId)))[0]?.award ?? null;

describe("the results page of a competition", () => {
  it("shows members nothing before publishing, and admins the ranking without names but their own", async () => {
    const { admin, meeting, entries, token, adminCookie, beaCookie } = await night();
    await saveScore(token, entries[0]!.id, { score: 17, critique: "Lovely light." });
    const member = await (await results(meeting.id, beaCookie)).json();
    expect(member).toMatchObject({ kind: "competition", competition: null });
    expect(JSON.stringify(member)).not.toContain("Lovely light");
    const shown = await (await results(meeting.id, adminCookie)).json();
    expect(shown.competition).toMatchObject({ published: false, scored: 1, total: 3 });
    const rows = shown.competition.categories.flatMap((c: { results: unknown[] }) => c.results);
    // The admin's own entry says whose it is to them; no other row names anybody.
    expect(rows.map((r: { User: { id: number } | null }) => r.User?.id ?? null).sort()).toEqual([admin.id, null, null]);
  });

  it("lets an admin change an award (no script needed) and publish once every entry is scored", async () => {
    const { meeting, entries, token, adminCookie, beaCookie } = await night();
    const [doorway, pigeons, rain] = entries;
    await saveScore(token, doorway!.id, { score: 17, critique: "" });

    const early = await post(meeting.id, { intent: "publish" }, adminCookie);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({
      error: "The judge has scored 1 of 3 entries: publish once every entry has its score.",
    });
    // An entry not yet scored has no award to change.
    const unscored = await post(meeting.id, { intent: "award", PhotoId: String(rain!.id), award: "HC" }, adminCookie);
    expect(unscored.status).toBe(422);

    const changed = await post(meeting.id, { intent: "award", PhotoId: String(doorway!.id), award: "HC" }, adminCookie);
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe(`/meetings/${meeting.id}/results`);
    expect(await awardOf(doorway!.id)).toBe("HC");
    await post(meeting.id, { intent: "award", PhotoId: String(doorway!.id), award: "place" }, adminCookie);
    expect(await awardOf(doorway!.id)).toBeNull();
    await post(meeting.id, { intent: "award", PhotoId: String(doorway!.id), award: "none" }, adminCookie);
    expect(await awardOf(doorway!.id)).toBe("none");
    expect((await post(meeting.id, { intent: "award", PhotoId: "x", award: "1st" }, adminCookie)).status).toBe(422);

    await saveScore(token, pigeons!.id, { score: 15, critique: "" });
    await saveScore(token, rain!.id, { score: 12, critique: "Quiet." });
    const published = await post(meeting.id, { intent: "publish" }, adminCookie);
    expect(published.status).toBe(302);
    const [row] = await db().select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.resultsPublishedAt).not.toBeNull();
    // Members now see the results, named; the admin's choice of no award for Doorway stands.
    const seen = (await (await results(meeting.id, beaCookie)).json()).competition;
    const colour = seen.categories.find((c: { name: string }) => c.name === "Colour");
    expect(
      colour.results.map((r: { Photo: { caption: string }; award: string | null; User: { firstName: string } }) => [
        r.Photo.caption,
        r.award,
        r.User.firstName,
      ]),
    ).toEqual([
      ["Doorway", null, "Bea"],
      ["Pigeons", "2nd", "Ada"],
    ]);
    expect((await post(meeting.id, { intent: "publish" }, adminCookie)).status).toBe(409);
    expect(
      (await post(meeting.id, { intent: "award", PhotoId: String(rain!.id), award: "HC" }, adminCookie)).status,
    ).toBe(409);
  });

  it("refuses members and visitors: no publishing, no award", async () => {
    const { meeting, entries, token, beaCookie } = await night();
    for (const entry of entries) await saveScore(token, entry.id, { score: 10, critique: "" });
    const award = { intent: "award", PhotoId: String(entries[0]!.id), award: "1st" };
    expect((await post(meeting.id, { intent: "publish" }, beaCookie)).status).toBe(403);
    expect((await post(meeting.id, award, beaCookie)).status).toBe(403);
    const visitor = await post(meeting.id, { intent: "publish" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
    expect(await awardOf(entries[0]!.id)).toBeNull();
    const [row] = await db().select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.resultsPublishedAt).toBeNull();
  });

  it("takes no judge's link for a session: the judge's page sets no cookie, and the admin's forms refuse it", async () => {
    const { meeting, entries, token } = await night();
    for (const entry of entries) await saveScore(token, entry.id, { score: 10, critique: "" });
    const judgePageResponse = await call(judgePage.loader, request(`/judge/${token}`), { token });
    expect(judgePageResponse.status).toBe(200);
    expect(judgePageResponse.headers.get("Set-Cookie")).toBeNull();
    // The link's token sent as a cookie or in the address opens nothing of the club's.
    const asCookie = `token=${token}; judge=${token}`;
    const publish = await call(
      resultsPage.action,
      formRequest(`/meetings/${meeting.id}/results?token=${token}`, { intent: "publish" }, asCookie),
      { meetingId: String(meeting.id), token },
    );
    expect(publish.status).toBe(302);
    expect(publish.headers.get("Location")).toMatch(/^\/login/);
    const present = await call(presentPage.loader, request(`/meetings/${meeting.id}/present`, { cookie: asCookie }), {
      meetingId: String(meeting.id),
    });
    expect(present.status).toBe(302);
  });
});

describe("inviting the judge on the edit page", () => {
  const invite = (meetingId: number, fields: Record<string, string>, cookie?: string) =>
    call(editPage.action, formRequest(`/meetings/${meetingId}/edit`, { intent: "invite-judge", ...fields }, cookie), {
      meetingId: String(meetingId),
    });
  const judgesOf = (meetingId: number) =>
    db().select().from(competitionJudges).where(eq(competitionJudges.meetingId, meetingId));

  it("e-mails the link to the judge and lists them on the page, never the link", async () => {
    const { meeting, adminCookie } = await night();
    const before = (await judgesOf(meeting.id)).length;
    const answer = await invite(meeting.id, { name: "Fay Godwin", email: "fay.night@example.com" }, adminCookie);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/meetings/${meeting.id}/edit#competition-judge`);
    const sent = await mail.waitForMail("fay.night@example.com");
    expect(sent.text).toMatch(/\/judge\/[A-Za-z0-9_-]{43}/);
    expect(await judgesOf(meeting.id)).toHaveLength(before + 1);
    const pageData = await (
      await call(editPage.loader, request(`/meetings/${meeting.id}/edit`, { cookie: adminCookie }), {
        meetingId: String(meeting.id),
      })
    ).json();
    expect(pageData.competition.judges.map((j: { name: string }) => j.name)).toContain("Fay Godwin");
    expect(JSON.stringify(pageData)).not.toMatch(/\/judge\//);
  });

  it("says what is wrong with the form under its fields, and refuses members and visitors", async () => {
    const { meeting, adminCookie, beaCookie } = await night();
    const before = (await judgesOf(meeting.id)).length;
    const wrong = await invite(meeting.id, { name: "", email: "not-an-address" }, adminCookie);
    expect(wrong.status).toBe(422);
    const { result } = await wrong.json();
    expect(result.error).toMatchObject({ name: ["Name is required."], email: ["Email must be an email address."] });
    expect(result.initialValue.intent).toBe("invite-judge");
    const member = await invite(meeting.id, { name: "Sly", email: "sly@example.com" }, beaCookie);
    expect(member.status).toBe(302);
    expect(member.headers.get("Location")).toBe("/");
    expect((await invite(meeting.id, { name: "Sly", email: "sly@example.com" })).headers.get("Location")).toMatch(
      /^\/login/,
    );
    expect(await judgesOf(meeting.id)).toHaveLength(before);
  });
});

describe("the presenter's screen of a competition", () => {
  it("names each entry by category and number, in the entries' order, with no author, score or critique", async () => {
    const { meeting, entries, token, adminCookie, beaCookie } = await night();
    for (const entry of entries) await saveScore(token, entry.id, { score: 14, critique: "Secret critique." });
    const screen = async (cookie: string) =>
      (
        await call(presentPage.loader, request(`/meetings/${meeting.id}/present`, { cookie }), {
          meetingId: String(meeting.id),
        })
      ).json();
    const member = await screen(beaCookie);
    expect(member.slides.map((s: { entry: { number: number; category: string } }) => s.entry)).toEqual([
      { number: 1, category: "Colour" },
      { number: 2, category: "Colour" },
      { number: 3, category: "Mono" },
    ]);
    expect(member.slides.every((s: { author: unknown }) => s.author === null)).toBe(true);
    expect(member.competition).toEqual({ mayShowResults: false });
    const text = JSON.stringify(member);
    expect(text).not.toContain("Secret critique");
    expect(text).not.toMatch(/"score"/);
    expect((await screen(adminCookie)).competition).toEqual({ mayShowResults: true });
  });
});
