// A competition's results: per category, its entries ranked by the judge's
// score with their awards. Admins see them (without names) while the judge
// scores and before the night, and may choose an entry's award; publishing (publish-results.server.ts)
// makes them the club's, names and all, and closes the judge's link.
import { and, eq } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { competitionScores, meetingSubmissions, photos, users, type MeetingRow } from "@db/schema";
import { rankCategory, type AwardChoice, type CompetitionResultsJson } from "~/lib/competition-results";
import { AWARD_LABELS, type ScoreMax } from "~/lib/competitions";
import { meetingTitle } from "~/lib/meetings";
import { authorHiddenFrom, mayManageMeetings, type ViewerRef } from "~/services/access.server";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from "~/services/errors.server";
import { ownerColumns } from "~/services/photos/json.server";
import { resultPhotoJson } from "~/services/meetings/results.server";
import { loadMeeting, meetingForMember } from "~/services/meetings/meetings.server";
import { competitionEntries } from "./judging.server";
import { NOT_A_COMPETITION_MESSAGE } from "./judges.server";

export const NOT_PUBLISHED_MESSAGE = "The results of this competition are shown when they are published.";
export const ALREADY_PUBLISHED_MESSAGE = "The results of this competition are published already.";

export const notAllScoredMessage = (scored: number, total: number) =>
  `The judge has scored ${scored} of ${total} entries: publish once every entry has its score.`;

export function requireCompetition(meeting: MeetingRow) {
  if (meeting.kind !== "competition") throw new ConflictError(NOT_A_COMPETITION_MESSAGE);
}

/** GET /api/meetings/{id}/results of a competition: admins at any time, members once published. */
export async function competitionResults(viewer: ViewerRef, meeting: MeetingRow): Promise<CompetitionResultsJson> {
  requireCompetition(meeting);
  const published = meeting.resultsPublishedAt !== null;
  if (!published && !mayManageMeetings(viewer)) throw new ForbiddenError(NOT_PUBLISHED_MESSAGE);
  const entries = await competitionEntries(meeting.id);
  const extra = new Map(
    (
      await db()
        .select({
          photoId: meetingSubmissions.photoId,
          award: competitionScores.award,
          ratingAverage: photos.ratingAverage,
          ratingCount: photos.ratingCount,
          author: ownerColumns(users),
        })
        .from(meetingSubmissions)
        .innerJoin(photos, eq(photos.id, meetingSubmissions.photoId))
        .innerJoin(users, eq(users.id, meetingSubmissions.userId))
        // With its meeting: the scores' meeting index, never a scan of every competition's scores.
        .leftJoin(
          competitionScores,
          and(eq(competitionScores.photoId, meetingSubmissions.photoId), eq(competitionScores.meetingId, meeting.id)),
        )
        .where(eq(meetingSubmissions.meetingId, meeting.id))
    ).map((row) => [row.photoId, row]),
  );
  const categories = new Map<number, { id: number; name: string; entries: typeof entries }>();
  for (const entry of entries) {
    const category = categories.get(entry.categoryId) ?? {
      id: entry.categoryId,
      name: entry.categoryName,
      entries: [],
    };
    category.entries.push(entry);
    categories.set(entry.categoryId, category);
  }
  return {
    Meeting: {
      id: meeting.id,
      title: meetingTitle(meeting.topic),
      startsAt: meeting.startsAt.toISOString(),
      scoreMax: meeting.scoreMax as ScoreMax,
      resultsPublishedAt: meeting.resultsPublishedAt?.toISOString() ?? null,
    },
    published,
    scored: entries.filter((entry) => entry.score !== null).length,
    total: entries.length,
    categories: [...categories.values()].map((category) => ({
      id: category.id,
      name: category.name,
      results: rankCategory(
        category.entries.map((entry) => {
          const more = extra.get(entry.photoId)!;
          return {
            ...entry,
            award: (more.award as AwardChoice | null) ?? null,
            rating: more.ratingAverage === null ? null : more.ratingAverage / 1000,
            ratingCount: more.ratingCount,
            author: more.author,
          };
        }),
      ).map((row) => {
        const shown = !authorHiddenFrom(viewer, { userId: row.author.id }, meeting);
        return {
          number: row.number,
          place: row.place,
          award: row.award,
          awardChosen: row.awardChosen,
          score: row.score,
          critique: row.critique,
          rating: row.rating,
          ratingCount: row.ratingCount,
          membersFavourite: row.membersFavourite,
          Photo: resultPhotoJson({
            id: row.photoId,
            caption: row.title,
            thumbKey: row.thumbKey,
            width: row.width,
            height: row.height,
          }),
          UserId: shown ? row.author.id : null,
          User: shown ? row.author : null,
        };
      }),
    })),
  };
}

/** The results for the API: a competition's shape, read after `meetingForMember`'s checks. */
export async function competitionResultsFor(viewer: ViewerRef, meetingId: number) {
  return competitionResults(viewer, await meetingForMember(viewer, meetingId));
}

/** PATCH /api/meetings/{id}/results {PhotoId, award} (admins, before publishing): an entry's award, or null for its place's. */
export async function chooseAward(
  viewer: ViewerRef,
  meetingId: number,
  choice: { PhotoId: number; award: AwardChoice | null },
): Promise<CompetitionResultsJson> {
  if (!mayManageMeetings(viewer)) throw new ForbiddenError("Only admins may choose awards.");
  await transaction(async () => {
    const meeting = await loadMeeting(meetingId, "update");
    requireCompetition(meeting);
    if (meeting.resultsPublishedAt) throw new ConflictError(ALREADY_PUBLISHED_MESSAGE);
    const [updated] = await db()
      .update(competitionScores)
      .set({ award: choice.award })
      .where(and(eq(competitionScores.meetingId, meetingId), eq(competitionScores.photoId, choice.PhotoId)))
      .returning({ photoId: competitionScores.photoId });
    if (updated) return;
    const entries = await competitionEntries(meetingId);
    if (!entries.some((entry) => entry.photoId === choice.PhotoId))
      throw new NotFoundError("That photo is not an entry of this competition.");
    throw InvalidError.field("award", "The judge has not scored this entry yet: an award follows its score.");
  });
  return competitionResults(viewer, await loadMeeting(meetingId));
}

/**
 * The results page of a competition: the results for admins at any time and for members once
 * published; null for a member before then (the page says when they come, where the API answers 403).
 */
export async function competitionResultsShown(
  viewer: ViewerRef,
  meeting: MeetingRow,
): Promise<CompetitionResultsJson | null> {
  if (meeting.resultsPublishedAt === null && !mayManageMeetings(viewer)) return null;
  return competitionResults(viewer, meeting);
}

export const RESULTS_PUBLISHED_MESSAGE = "Results published!";

/** 'Entry 7 is now Highly Commended.': what the results page says after an admin's choice. */
export function awardChangedMessage(results: CompetitionResultsJson, photoId: number): string {
  const row = results.categories.flatMap((category) => category.results).find((r) => r.Photo.id === photoId);
  if (!row) return "Award changed.";
  return row.award ? `Entry ${row.number} is now ${AWARD_LABELS[row.award]}.` : `Entry ${row.number} has no award now.`;
}
