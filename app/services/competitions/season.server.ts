// The season of one competition category (GET /api/standings?year=&category=):
// per member, the points of their awards and of each entry scored (club
// settings), their entries, average score and awards, over the year's published
// competitions that have a category of that name. The year's competitions come
// from meetings_starts_idx, their entries through their categories' index: the
// cost is the year's competitions, never the club's history.
import { and, eq, gte, inArray, isNotNull, lt } from "drizzle-orm";
import { db } from "@db/client.server";
import { competitionCategories, competitionScores, meetings, meetingSubmissions, users } from "@db/schema";
import { clubYearOf, clubYearRange } from "~/lib/club-time";
import { rankCategory, type AwardChoice } from "~/lib/competition-results";
import { AWARDS, type Award } from "~/lib/competitions";
import type { PhotoOwnerJson } from "~/lib/club-json";
import type { CategoryStandingsJson } from "~/lib/season";
import { canSeeMeetings, type ViewerRef } from "~/services/access.server";
import { NotLoggedInError } from "~/services/errors.server";
import { ownerColumns } from "~/services/photos/json.server";
import { clubTimeZone } from "~/services/meetings/club-zone.server";
import { competitionSettings } from "./competition-settings.server";
import { competitionEntries } from "./judging.server";

export type { CategoryStandingJson, CategoryStandingsJson } from "~/lib/season";

/** The year's competitions whose results are published. */
async function publishedCompetitions(year: number) {
  const { from, to } = clubYearRange(year, clubTimeZone());
  return db()
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(
        gte(meetings.startsAt, from),
        lt(meetings.startsAt, to),
        eq(meetings.kind, "competition"),
        isNotNull(meetings.resultsPublishedAt),
      ),
    );
}

/** A category's season; with no category named, the year's first by name (the standings page's start). */
export async function categoryStandings(
  viewer: ViewerRef,
  year: number | undefined,
  category: string | undefined,
  now = new Date(),
): Promise<CategoryStandingsJson> {
  if (!canSeeMeetings(viewer)) throw new NotLoggedInError();
  const shown = year ?? clubYearOf(now, clubTimeZone());
  const settings = await competitionSettings();
  const competitionIds = (await publishedCompetitions(shown)).map((row) => row.id);
  const categories = competitionIds.length
    ? await db()
        .select({
          id: competitionCategories.id,
          meetingId: competitionCategories.meetingId,
          name: competitionCategories.name,
        })
        .from(competitionCategories)
        .where(inArray(competitionCategories.meetingId, competitionIds))
    : [];
  const names = [...new Set(categories.map((row) => row.name))].sort((a, b) => a.localeCompare(b));
  const wanted = (category ?? names[0] ?? "").toLowerCase();
  const chosen = categories.filter((row) => row.name.toLowerCase() === wanted);
  const byMember = new Map<
    number,
    { user: PhotoOwnerJson; entries: number; scores: number[]; awards: Record<Award, number> }
  >();
  for (const { id: categoryId, meetingId } of chosen) {
    const entries = (await competitionEntries(meetingId)).filter((entry) => entry.categoryId === categoryId);
    if (entries.length === 0) continue;
    const extra = new Map(
      (
        await db()
          .select({ photoId: meetingSubmissions.photoId, award: competitionScores.award, author: ownerColumns(users) })
          .from(meetingSubmissions)
          .innerJoin(users, eq(users.id, meetingSubmissions.userId))
          // With its meeting: the scores' meeting index, never a scan of every competition's scores.
          .leftJoin(
            competitionScores,
            and(eq(competitionScores.photoId, meetingSubmissions.photoId), eq(competitionScores.meetingId, meetingId)),
          )
          .where(eq(meetingSubmissions.categoryId, categoryId))
      ).map((row) => [row.photoId, row]),
    );
    const ranked = rankCategory(
      entries.map((entry) => ({
        ...entry,
        award: (extra.get(entry.photoId)?.award as AwardChoice | null) ?? null,
        rating: null,
        ratingCount: 0,
      })),
    );
    for (const row of ranked) {
      const author = extra.get(row.photoId)?.author;
      if (!author) continue;
      const member = byMember.get(author.id) ?? {
        user: author,
        entries: 0,
        scores: [],
        awards: { "1st": 0, "2nd": 0, "3rd": 0, HC: 0 },
      };
      member.entries++;
      if (row.score !== null) member.scores.push(row.score);
      if (row.award) member.awards[row.award]++;
      byMember.set(author.id, member);
    }
  }
  const points = (member: { scores: number[]; awards: Record<Award, number> }) =>
    member.scores.length * settings.scoredEntryPoints +
    AWARDS.reduce((sum, award) => sum + member.awards[award] * settings.awardPoints[award], 0);
  const rows = [...byMember.values()]
    .map((member) => ({ ...member, points: points(member) }))
    .sort(
      (a, b) =>
        b.points - a.points ||
        `${a.user.lastName} ${a.user.firstName}`.localeCompare(`${b.user.lastName} ${b.user.firstName}`),
    );
  return {
    year: shown,
    category: chosen[0]?.name ?? category ?? "",
    categories: names,
    standings: rows.map((row, index) => ({
      position: index + 1,
      User: row.user,
      entries: row.entries,
      averageScore:
        row.scores.length === 0
          ? null
          : Math.round((row.scores.reduce((sum, score) => sum + score, 0) / row.scores.length) * 10) / 10,
      awards: row.awards,
      points: row.points,
    })),
    awardPoints: settings.awardPoints,
    scoredEntryPoints: settings.scoredEntryPoints,
  };
}
