// The club's competition settings (GET/PATCH /api/club, admins) and a
// category's season: points for awards and for each entry scored, over the
// year's published competitions only.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetings } from "@db/schema";
import * as clubApi from "~/routes/api/club";
import * as standingsApi from "~/routes/api/standings";
import { saveScore } from "~/services/competitions/judging.server";
import { enterDirectly, insertCompetition, insertJudge } from "../support/competitions";
import { cookieFor, makeMember, request } from "../support/members";
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
      for (const [member, score] of scores) {
        const photo = await insertPhoto(member.id, { caption: "Entry", width: 2000, height: 1500 });
        await enterDirectly(meeting.id, categories[0]!.id, photo);
        await saveScore(token, photo.id, { score, critique: "" });
      }
      if (publish)
        await db()
          .update(meetings)
          .set({ resultsPublishedAt: new Date(), revealedAt: new Date() })
          .where(eq(meetings.id, meeting.id));
    }
    // Ann: 1st (6) + 3rd (2) + 2 entries (2) = 10; Ben: 2nd (4) + 1 entry (1) = 5.
    await judgedCompetition(
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
  });
});
