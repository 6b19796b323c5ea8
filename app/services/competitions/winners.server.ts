// The public winners gallery (/winners, a club setting, off by default): a
// year's awarded entries of published competitions, by members who chose to be
// public, per competition and category with the award. The same for visitors
// and members. Which entries are awarded and which members are shown are the
// access layer's rules (awardedSql, membersVisibleTo), the ones its images obey
// (winnerShownSql, read by photos.server.ts's photoImage), so the two agree.
import { and, asc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { db } from "@db/client.server";
import { competitionCategories, competitionScores, meetings, meetingSubmissions, photos, users } from "@db/schema";
import { clubYearOf, clubYearRange } from "~/lib/club-time";
import { COMMENDED_PLACES } from "~/lib/competition-results";
import { AWARDS, awardOfPlace, type Award } from "~/lib/competitions";
import { meetingTitle } from "~/lib/meetings";
import type { WinnerJson, WinnersCompetitionJson, WinnersJson } from "~/lib/season";
import { awardedSql, membersVisibleTo } from "~/services/access.server";
import { requestVersions, VersionedCache } from "~/services/data-versions.server";
import { NotFoundError } from "~/services/errors.server";
import { clubTimeZone } from "~/services/meetings/club-zone.server";
import { resultPhotoJson } from "~/services/meetings/results.server";
import { ownerColumns } from "~/services/photos/json.server";
import { winnersGalleryOn } from "./competition-settings.server";

export const NO_WINNERS_GALLERY_MESSAGE = "There is no winners gallery at this address.";

export type { WinnerJson, WinnersJson } from "~/lib/season";

const isPublished = and(eq(meetings.kind, "competition"), isNotNull(meetings.resultsPublishedAt));

// The years change only with the meetings (the photos data version): read once a version.
const keptYears = new VersionedCache<number[]>("photos", 4);

/** The years of the published competitions, newest first (a few competitions a month: a short list). */
async function galleryYears(zone: string): Promise<number[]> {
  const versions = await requestVersions();
  const kept = versions ? keptYears.get(versions, zone) : undefined;
  if (kept) return kept;
  const year = sql<number>`extract(year from ${meetings.startsAt} at time zone ${zone})::int`.mapWith(Number);
  const rows = await db().selectDistinct({ year }).from(meetings).where(isPublished);
  const years = rows.map((row) => row.year).sort((a, b) => b - a);
  if (versions) keptYears.set(versions, zone, years);
  return years;
}

/** The gallery of a year (this year on the club's clock by default); 404 while the club has it off. */
export async function winnersGallery(year: number | undefined, now = new Date()): Promise<WinnersJson> {
  if (!(await winnersGalleryOn())) throw new NotFoundError(NO_WINNERS_GALLERY_MESSAGE);
  const zone = clubTimeZone();
  const shown = year ?? clubYearOf(now, zone);
  const { from, to } = clubYearRange(shown, zone);
  // The year's entries with their places, ranked once a category (one more than those scored above).
  const ranked = db()
    .$with("ranked")
    .as(
      db()
        .select({
          photoId: meetingSubmissions.photoId,
          meetingId: meetingSubmissions.meetingId,
          categoryId: meetingSubmissions.categoryId,
          chosen: competitionScores.award,
          score: competitionScores.score,
          place: sql<number>`rank() over (partition by ${meetingSubmissions.categoryId}
            order by ${competitionScores.score} desc nulls last)`.as("place"),
        })
        .from(meetingSubmissions)
        .innerJoin(meetings, eq(meetings.id, meetingSubmissions.meetingId))
        .innerJoin(
          competitionScores,
          and(eq(competitionScores.photoId, meetingSubmissions.photoId), eq(competitionScores.meetingId, meetings.id)),
        )
        .where(and(gte(meetings.startsAt, from), lt(meetings.startsAt, to), isPublished)),
    );
  const [years, rows] = await Promise.all([
    galleryYears(zone),
    db()
      .with(ranked)
      .select({
        meeting: { id: meetings.id, topic: meetings.topic, startsAt: meetings.startsAt },
        category: { name: competitionCategories.name, position: competitionCategories.position },
        photo: {
          id: photos.id,
          caption: photos.caption,
          thumbKey: photos.thumbKey,
          width: photos.width,
          height: photos.height,
        },
        User: ownerColumns(users),
        chosen: ranked.chosen,
        place: sql<number>`${ranked.place}`.mapWith(Number),
      })
      .from(ranked)
      .innerJoin(meetings, eq(meetings.id, ranked.meetingId))
      // By its meeting too: the year's categories through their meeting index, not every competition's.
      .innerJoin(
        competitionCategories,
        and(eq(competitionCategories.meetingId, meetings.id), eq(competitionCategories.id, ranked.categoryId)),
      )
      .innerJoin(photos, eq(photos.id, ranked.photoId))
      // The access layer's rules: the gallery's members are those visitors may see; awarded as it says.
      .innerJoin(users, and(eq(users.id, photos.userId), membersVisibleTo(null)))
      .where(awardedSql(ranked.chosen, ranked.score, ranked.place))
      .orderBy(asc(meetings.startsAt), asc(meetings.id), asc(competitionCategories.position), asc(ranked.place)),
  ]);
  const competitions = new Map<number, WinnersCompetitionJson>();
  const places = new Map<number, number>();
  for (const row of rows) {
    // An admin's choice, else its place's (awardedSql admitted only awarded entries).
    const award = (row.chosen as Award | null) ?? awardOfPlace(row.place, COMMENDED_PLACES);
    if (!award) continue;
    const competition = competitions.get(row.meeting.id) ?? {
      id: row.meeting.id,
      title: meetingTitle(row.meeting.topic),
      startsAt: row.meeting.startsAt.toISOString(),
      categories: [],
    };
    competitions.set(row.meeting.id, competition);
    let category = competition.categories.find((shownCategory) => shownCategory.name === row.category.name);
    if (!category) {
      category = { name: row.category.name, winners: [] };
      competition.categories.push(category);
    }
    category.winners.push({ award, Photo: resultPhotoJson(row.photo), User: row.User });
    places.set(row.photo.id, row.place);
  }
  // Best award first; within an award, by place (as the results rank them).
  const order = (winner: WinnerJson) => AWARDS.indexOf(winner.award) * 1000 + (places.get(winner.Photo.id) ?? 0);
  for (const competition of competitions.values()) {
    for (const category of competition.categories) category.winners.sort((a, b) => order(a) - order(b));
  }
  return {
    year: shown,
    years: years.includes(shown) ? years : [shown, ...years].sort((a, b) => b - a),
    competitions: [...competitions.values()],
  };
}
