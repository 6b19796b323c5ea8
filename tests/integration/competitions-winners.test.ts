// The winners gallery and the access rule behind its images: a visitor sees the
// thumbnail of a public member's awarded entry of a published competition only
// while the club shows the gallery; never a private member's, an entry without
// an award, nor anything of a competition whose results are not published.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { competitionScores, meetings } from "@db/schema";
import * as winnersPage from "~/routes/winners";
import { patchClub } from "~/services/club/club-settings.server";
import { competitionResults } from "~/services/competitions/competition-results.server";
import { saveScore } from "~/services/competitions/judging.server";
import { winnersGallery } from "~/services/competitions/winners.server";
import { NotFoundError } from "~/services/errors.server";
import { loadMeeting } from "~/services/meetings/meetings.server";
import { photoImage } from "~/services/photos/photos.server";
import { enterDirectly, insertCompetition, insertJudge } from "../support/competitions";
import { makeMember, request } from "../support/members";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";

const year = new Date().getUTCFullYear();
const inYear = new Date(Date.UTC(year, 5, 15, 19));

type Member = Awaited<ReturnType<typeof makeMember>>;

/** A competition of one category 'Colour', each entry scored; published when `publish` says so. */
async function competition(entries: [Member, number, string][], publish: boolean) {
  const { meeting, categories } = await insertCompetition(
    { startsAt: inYear, closesAt: new Date(inYear.getTime() - 86_400_000), topic: publish ? "Summer" : "Autumn" },
    [{ name: "Colour", maxEntries: 10 }],
  );
  const { token } = await insertJudge(meeting.id);
  const photos = [];
  for (const [index, [member, score, caption]] of entries.entries()) {
    const photo = await insertPhoto(member.id, { caption, width: 2000, height: 1500 });
    await enterDirectly(meeting.id, categories[0]!.id, photo, index + 1);
    await saveScore(token, photo.id, { score, critique: "" });
    photos.push(photo);
  }
  if (publish)
    await db()
      .update(meetings)
      .set({ resultsPublishedAt: new Date(), revealedAt: new Date() })
      .where(eq(meetings.id, meeting.id));
  return { meeting, photos };
}

/** Whether a visitor gets the photo's thumbnail (the media route's decision). */
async function visitorSees(photoId: number): Promise<boolean> {
  try {
    await photoImage(null, photoId, "thumb");
    return true;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}

let admin: Member;
let ann: Member;
let pia: Member;
let cal: Member;
let published: Awaited<ReturnType<typeof competition>>;
let unpublished: Awaited<ReturnType<typeof competition>>;

beforeAll(async () => {
  [admin, ann, pia, cal] = await Promise.all([
    makeMember({ isAdmin: true }),
    makeMember({ firstName: "Ann" }),
    makeMember({ firstName: "Pia", isPublic: false }),
    makeMember({ firstName: "Cal" }),
  ]);
  // Places 1 to 6 are awarded (1st, 2nd, 3rd, then Highly Commended): Cal's 'Seventh' is not.
  published = await competition(
    [
      [ann, 18, "First"],
      [pia, 17, "Private second"],
      [cal, 16, "Third"],
      [cal, 15, "Fourth"],
      [cal, 14, "Fifth"],
      [cal, 13, "Sixth"],
      [cal, 12, "Seventh"],
    ],
    true,
  );
  unpublished = await competition([[ann, 20, "Not yet"]], false);
});

describe("a visitor's access to awarded photos", () => {
  it("stays closed while the club has the winners gallery off (its default)", async () => {
    await patchClub(admin, { winnersGallery: false });
    expect(await visitorSees(published.photos[0]!.id)).toBe(false);
    // Members see every photo, gallery or not.
    await expect(photoImage(ann, published.photos[6]!.id, "thumb")).resolves.toBeTruthy();
  });

  it("opens, with the gallery on, to a public member's awarded entries of published competitions only", async () => {
    await patchClub(admin, { winnersGallery: true });
    const [first, privateSecond, third, fourth, , sixth, seventh] = published.photos;
    expect(await visitorSees(first!.id)).toBe(true);
    expect(await visitorSees(third!.id)).toBe(true);
    expect(await visitorSees(sixth!.id)).toBe(true);
    // A member who chose not to be public; an entry without an award; a competition not yet published.
    expect(await visitorSees(privateSecond!.id)).toBe(false);
    expect(await visitorSees(seventh!.id)).toBe(false);
    expect(await visitorSees(unpublished.photos[0]!.id)).toBe(false);
    // Thumbnails only: the large size stays a member's.
    await expect(photoImage(null, first!.id, "large")).rejects.toBeInstanceOf(NotFoundError);
    // A shared cache may keep what a visitor may see (briefly).
    expect((await photoImage(null, fourth!.id, "thumb")).visibleToVisitors).toBe(true);
  });

  it("follows an admin's chosen awards as the results do", async () => {
    await patchClub(admin, { winnersGallery: true });
    const [, , third, , , , seventh] = published.photos;
    // Chosen straight in the table (the results are published: no service changes them now).
    await db().update(competitionScores).set({ award: "HC" }).where(eq(competitionScores.photoId, seventh!.id));
    await db().update(competitionScores).set({ award: "none" }).where(eq(competitionScores.photoId, third!.id));
    // The photos' data version does not move for a score row: a meeting change stands for the results' one.
    await db().update(meetings).set({ updatedAt: new Date() }).where(eq(meetings.id, published.meeting.id));
    expect(await visitorSees(seventh!.id)).toBe(true);
    expect(await visitorSees(third!.id)).toBe(false);

    // The gallery shows exactly the awarded entries of public members that the results award.
    const results = await competitionResults(admin, await loadMeeting(published.meeting.id));
    const awarded = results.categories[0]!.results.filter((row) => row.award && row.User!.id !== pia.id);
    const gallery = await winnersGallery(year);
    const shown = gallery.competitions.find((entry) => entry.id === published.meeting.id)!;
    expect(shown.categories.map((category) => category.name)).toEqual(["Colour"]);
    expect(shown.categories[0]!.winners.map((winner) => [winner.Photo.caption, winner.award])).toEqual(
      awarded.map((row) => [row.Photo.caption, row.award]),
    );
    expect(shown.categories[0]!.winners.map((winner) => winner.Photo.caption)).toEqual([
      "First",
      "Fourth",
      "Fifth",
      "Sixth",
      "Seventh",
    ]);
    await db().update(competitionScores).set({ award: null }).where(eq(competitionScores.photoId, seventh!.id));
    await db().update(competitionScores).set({ award: null }).where(eq(competitionScores.photoId, third!.id));
    await db().update(meetings).set({ updatedAt: new Date() }).where(eq(meetings.id, published.meeting.id));
  });
});

describe("the /winners page", () => {
  it("is a 404 for everyone while the gallery is off", async () => {
    await patchClub(admin, { winnersGallery: false });
    const response = await call(winnersPage.loader, request(`/winners?year=${year}`), {});
    expect(response.status).toBe(404);
  });

  it("shows visitors the year's published winners, per competition and category, with the years to choose", async () => {
    await patchClub(admin, { winnersGallery: true });
    const response = await call(winnersPage.loader, request(`/winners?year=${year}`), {});
    expect(response.status).toBe(200);
    const { gallery } = await response.json();
    expect(gallery.year).toBe(year);
    expect(gallery.years).toContain(year);
    expect(gallery.competitions.map((entry: { id: number }) => entry.id)).toEqual([published.meeting.id]);
    const winners = gallery.competitions[0].categories[0].winners;
    expect(
      winners.map((winner: { award: string; User: { firstName: string } }) => [winner.award, winner.User.firstName]),
    ).toEqual([
      ["1st", "Ann"],
      ["3rd", "Cal"],
      ["HC", "Cal"],
      ["HC", "Cal"],
      ["HC", "Cal"],
    ]);
    // Another year has none; a malformed year names no gallery.
    const before = await (await call(winnersPage.loader, request(`/winners?year=${year - 5}`), {})).json();
    expect(before.gallery.competitions).toEqual([]);
    expect((await call(winnersPage.loader, request("/winners?year=soon"), {})).status).toBe(404);
    await patchClub(admin, { winnersGallery: false });
  });
});
