// The club's competition settings (GET/PATCH /api/club, admins) and a
// category's season: points for awards and for each entry scored, over the
// year's published competitions only.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetings } from "@db/schema";
import * as clubApi from "~/routes/api/club";
import * as rateApi from "~/routes/api/photos.rate";
import * as standingsApi from "~/routes/api/standings";
import * as standingsPage from "~/routes/meetings/standings";
import * as clubPage from "~/routes/admin/club";
import { saveScore } from "~/services/competitions/judging.server";
import { enterDirectly, insertCompetition, insertJudge } from "../support/competitions";
import { cookieFor, formRequest, makeMember, request } from "../support/members";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";

const club = (method: "GET" | "PATCH", cookie: string, json?: unknown) =>
  call(method === "GET" ? clubApi.loader : clubApi.action, request("/api/club", { method, cookie, json }), {});

describe("the club's settings", () => {
  it("are read and changed by admins alone; a missing one stays, a wrong one is refused by its field", async () => {
    const admin = await cookieFor((await makeMember({ isAdmin: true })).id);
    const member = await cookieFor((await makeMember()).id);
    expect((await club("GET", member)).status).toBe(403);
    expect((await club("PATCH", member, { winnersGallery: true })).status).toBe(403);

    const before = await (await club("GET", admin)).json();
    expect(before).toMatchObject({
      entryMinLongEdge: 1600,
      entryTitleRequired: true,
      awardPoints: { "1st": 6, "2nd": 4, "3rd": 2, HC: 1 },
      scoredEntryPoints: 1,
      winnersGallery: false,
    });
    const changed = await club("PATCH", admin, { winnersGallery: true, entryMinLongEdge: 1400 });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ ...before, winnersGallery: true, entryMinLongEdge: 1400 });
    const wrong = await club("PATCH", admin, { awardPoints: { "1st": 500, "2nd": 4, "3rd": 2, HC: 1 }, extra: 1 });
    expect(wrong.status).toBe(422);
    await club("PATCH", admin, { winnersGallery: false, entryMinLongEdge: 1600 });
  });
});

describe("a category's season", () => {
  it("adds each member's award points and entry points over the year's published competitions", async () => {
    const [ann, ben] = await Promise.all([makeMember({ firstName: "Ann" }), makeMember({ firstName: "Ben" })]);
    const name = `Mono ${Date.now()}`;
    const year = new Date().getUTCFullYear();
    const inYear = new Date(Date.UTC(year, 5, 15, 19));
    async function judgedCompetition(scores: [typeof ann, number][], publish: boolean) {
      const { meeting, categories } = await insertCompetition(
        { startsAt: inYear, closesAt: new Date(inYear.getTime() - 86_400_000) },
        [{ name, maxEntries: 3 }],
      );
      const { token } = await insertJudge(meeting.id);
      const entered: number[] = [];
      for (const [member, score] of scores) {
        const photo = await insertPhoto(member.id, { caption: "Entry", width: 2000, height: 1500 });
        await enterDirectly(meeting.id, categories[0]!.id, photo);
        await saveScore(token, photo.id, { score, critique: "" });
        entered.push(photo.id);
      }
      if (publish)
        await db()
          .update(meetings)
          .set({ resultsPublishedAt: new Date(), revealedAt: new Date() })
          .where(eq(meetings.id, meeting.id));
      return entered;
    }
    // Ann: 1st (6) + 3rd (2) + 2 entries (2) = 10; Ben: 2nd (4) + 1 entry (1) = 5.
    const published = await judgedCompetition(
      [
        [ann, 18],
        [ben, 15],
        [ann, 12],
      ],
      true,
    );
    // Not published: counts for nobody yet.
    await judgedCompetition([[ben, 20]], false);

    const cookie = await cookieFor(ben.id);
    const response = await call(
      standingsApi.loader,
      request(`/api/standings?year=${year}&category=${encodeURIComponent(name.toUpperCase())}`, { cookie }),
      {},
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.category).toBe(name);
    expect(body.categories).toContain(name);
    expect(
      body.standings.map((row: { User: { firstName: string }; points: number }) => [row.User.firstName, row.points]),
    ).toEqual([
      ["Ann", 10],
      ["Ben", 5],
    ]);
    expect(body.standings[0]).toMatchObject({
      entries: 2,
      averageScore: 15,
      awards: { "1st": 1, "2nd": 0, "3rd": 1, HC: 0 },
    });

    // Members' stars on an entry: a photo of the year, never a critique night's placing.
    const cy = await makeMember({ firstName: "Cy" });
    const rated = await call(
      rateApi.action,
      request(`/api/photos/${published[2]}/rate`, {
        method: "POST",
        json: { value: 5 },
        cookie: await cookieFor(cy.id),
      }),
      { photoId: String(published[2]) },
    );
    expect(rated.status).toBe(200);
    const season = await (
      await call(standingsApi.loader, request(`/api/standings?year=${year}`, { cookie }), {})
    ).json();
    const placed = season.standings.map((row: { User: { id: number } }) => row.User.id);
    expect(placed).not.toContain(ann.id);
    expect(placed).not.toContain(ben.id);
    expect(season.photosOfTheYear.map((row: { Photo: { id: number } }) => row.Photo.id)).toContain(published[2]);
  });
});

describe("the standings page's competition season", () => {
  it("shows the year's first category by default, another by the address, and nothing for a year without", async () => {
    const [ann, ben] = await Promise.all([makeMember({ firstName: "Ann" }), makeMember({ firstName: "Ben" })]);
    // A year of its own, so other tests' competitions do not share it.
    const year = new Date().getUTCFullYear() - 3;
    const startsAt = new Date(Date.UTC(year, 2, 10, 19));
    const { meeting, categories } = await insertCompetition(
      { startsAt, closesAt: new Date(startsAt.getTime() - 86_400_000) },
      [
        { name: "Colour", maxEntries: 2 },
        { name: "Altered Reality", maxEntries: 2 },
      ],
    );
    const { token } = await insertJudge(meeting.id);
    const entries: [typeof ann, number, number][] = [
      [ann, 0, 14],
      [ben, 0, 19],
      [ann, 1, 17],
    ];
    for (const [member, category, score] of entries) {
      const photo = await insertPhoto(member.id, { caption: "Entry", width: 2000, height: 1500 });
      await enterDirectly(meeting.id, categories[category]!.id, photo);
      await saveScore(token, photo.id, { score, critique: "" });
    }
    await db()
      .update(meetings)
      .set({ resultsPublishedAt: new Date(), revealedAt: new Date() })
      .where(eq(meetings.id, meeting.id));

    const cookie = await cookieFor(ann.id);
    const load = async (query: string) => {
      const response = await call(standingsPage.loader, request(`/meetings/standings?${query}`, { cookie }), {});
      expect(response.status).toBe(200);
      return (await response.json()).competitions;
    };
    const first = await load(`year=${year}`);
    // Sorted by name: 'Altered Reality' comes first, and is shown when no category is named.
    expect(first.categories).toEqual(["Altered Reality", "Colour"]);
    expect(first.category).toBe("Altered Reality");
    expect(first.standings.map((row: { User: { firstName: string } }) => row.User.firstName)).toEqual(["Ann"]);

    const colour = await load(`year=${year}&category=colour`);
    expect(colour.category).toBe("Colour");
    // Ben: 1st (6) + 1 entry; Ann: 2nd (4) + 1 entry.
    expect(
      colour.standings.map((row: { User: { firstName: string }; points: number }) => [row.User.firstName, row.points]),
    ).toEqual([
      ["Ben", 7],
      ["Ann", 5],
    ]);
    // A category the year has not: its name, and no rows; a year without competitions: no section.
    expect((await load(`year=${year}&category=Nature`)).standings).toEqual([]);
    expect(await load(`year=${year - 1}`)).toBeNull();
    // Visitors are sent to log in.
    const visitor = await call(standingsPage.loader, request(`/meetings/standings?year=${year}`), {});
    expect(visitor.status).toBe(302);
  });
});

describe("the club settings page's competition form", () => {
  it("saves the entry rules, the points and the winners gallery without JavaScript; refuses a wrong number", async () => {
    const admin = await cookieFor((await makeMember({ isAdmin: true })).id);
    const fields = {
      intent: "competition-settings",
      entryMinLongEdge: "1920",
      firstAwardPoints: "10",
      secondAwardPoints: "7",
      thirdAwardPoints: "5",
      commendedAwardPoints: "2",
      scoredEntryPoints: "0",
      winnersGallery: "on",
    };
    const saved = await call(clubPage.action, formRequest("/admin/club", fields, admin), {});
    expect(saved.status).toBe(302);
    expect(await (await club("GET", admin)).json()).toMatchObject({
      entryMinLongEdge: 1920,
      // An unticked box sends nothing: no title required.
      entryTitleRequired: false,
      awardPoints: { "1st": 10, "2nd": 7, "3rd": 5, HC: 2 },
      scoredEntryPoints: 0,
      winnersGallery: true,
    });
    const refused = await call(
      clubPage.action,
      formRequest("/admin/club", { ...fields, firstAwardPoints: "101" }, admin),
      {},
    );
    expect(refused.status).toBe(422);
    const page = await (await call(clubPage.loader, request("/admin/club", { cookie: admin }), {})).json();
    expect(page.competitions).toMatchObject({ entryMinLongEdge: 1920, winnersGallery: true });
    await club("PATCH", admin, {
      entryMinLongEdge: 1600,
      entryTitleRequired: true,
      awardPoints: { "1st": 6, "2nd": 4, "3rd": 2, HC: 1 },
      scoredEntryPoints: 1,
      winnersGallery: false,
    });
  });
});
