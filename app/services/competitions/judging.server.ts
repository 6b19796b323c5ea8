// What the judge's link opens: the competition's entries by category, each
// numbered, titled and pictured, never named; the judge's scores and
// critiques, saved one entry at a time.
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "@db/client.server";
import { competitionCategories, competitionScores, meetingSubmissions, photos } from "@db/schema";
import type { ScoreMax } from "~/lib/competitions";
import type { JudgedEntryJson, JudgingJson, ScoreInput } from "~/lib/judging";
import { anonymousOrder } from "~/lib/meeting-order";
import { meetingTitle } from "~/lib/meetings";
import { InvalidError, NotFoundError } from "~/services/errors.server";
import { judgingByToken } from "./judges.server";

export const ENTRY_NOT_FOUND_MESSAGE = "That photo is not an entry of this competition.";

export type Entry = {
  number: number;
  submissionId: number;
  photoId: number;
  categoryId: number;
  categoryName: string;
  title: string | null;
  thumbKey: string | null;
  largeKey: string | null;
  width: number | null;
  height: number | null;
  score: number | null;
  critique: string;
};

/**
 * A competition's entries in its order: category by category, and within one in an order seeded by
 * the competition that depends on each entry alone (so one member's entries are not numbered
 * together), numbered from 1 across the competition.
 */
export async function competitionEntries(meetingId: number): Promise<Entry[]> {
  const rows = await db()
    .select({
      id: meetingSubmissions.id,
      photoId: meetingSubmissions.photoId,
      categoryId: competitionCategories.id,
      categoryName: competitionCategories.name,
      categoryPosition: competitionCategories.position,
      title: photos.caption,
      thumbKey: photos.thumbKey,
      largeKey: photos.largeKey,
      width: photos.width,
      height: photos.height,
      score: competitionScores.score,
      critique: sql<string>`coalesce(${competitionScores.critique}, '')`,
    })
    .from(meetingSubmissions)
    .innerJoin(competitionCategories, eq(competitionCategories.id, meetingSubmissions.categoryId))
    .innerJoin(photos, eq(photos.id, meetingSubmissions.photoId))
    // With its meeting: the scores' meeting index, never a scan of every competition's scores.
    .leftJoin(
      competitionScores,
      and(eq(competitionScores.photoId, meetingSubmissions.photoId), eq(competitionScores.meetingId, meetingId)),
    )
    .where(eq(meetingSubmissions.meetingId, meetingId))
    .orderBy(asc(competitionCategories.position));
  const byCategory = new Map<number, typeof rows>();
  for (const row of rows) byCategory.set(row.categoryId, [...(byCategory.get(row.categoryId) ?? []), row]);
  let number = 0;
  return [...byCategory.values()].flatMap((entries) =>
    anonymousOrder(entries, meetingId).map(({ id, categoryPosition: _position, ...entry }) => ({
      ...entry,
      submissionId: id,
      number: ++number,
    })),
  );
}

/** The judge's own address for an entry's picture (the member's /media addresses need a log-in). */
export const judgeImageUrl = (token: string, photoId: number, size: "thumb" | "large") =>
  `/judge/${token}/photos/${photoId}/${size}`;

/** GET /api/judge/{token} and the judge's page: the entries by category, with the judge's scores so far. */
export async function judgingView(token: string): Promise<JudgingJson> {
  const { judgeName, meeting } = await judgingByToken(token);
  const entries = await competitionEntries(meeting.id);
  const categories = await db()
    .select({ id: competitionCategories.id, name: competitionCategories.name })
    .from(competitionCategories)
    .where(eq(competitionCategories.meetingId, meeting.id))
    .orderBy(asc(competitionCategories.position));
  const toJson = (entry: Entry): JudgedEntryJson => ({
    number: entry.number,
    photoId: entry.photoId,
    title: entry.title,
    thumbUrl: entry.thumbKey ? judgeImageUrl(token, entry.photoId, "thumb") : null,
    largeUrl: entry.largeKey ? judgeImageUrl(token, entry.photoId, "large") : null,
    width: entry.width,
    height: entry.height,
    score: entry.score,
    critique: entry.critique,
  });
  return {
    judge: { name: judgeName },
    competition: {
      id: meeting.id,
      title: meetingTitle(meeting.topic),
      startsAt: meeting.startsAt.toISOString(),
      scoreMax: meeting.scoreMax as ScoreMax,
    },
    categories: categories.map((category) => ({
      ...category,
      entries: entries.filter((entry) => entry.categoryId === category.id).map(toJson),
    })),
    scored: entries.filter((entry) => entry.score !== null).length,
    total: entries.length,
  };
}

/** The entry a judge's request names, of the link's competition only (404 otherwise). */
export async function judgedEntry(token: string, photoId: number) {
  const judging = await judgingByToken(token);
  const [entry] = await db()
    .select({ photoId: meetingSubmissions.photoId, thumbKey: photos.thumbKey, largeKey: photos.largeKey })
    .from(meetingSubmissions)
    .innerJoin(photos, eq(photos.id, meetingSubmissions.photoId))
    .where(and(eq(meetingSubmissions.meetingId, judging.meeting.id), eq(meetingSubmissions.photoId, photoId)));
  if (!entry) throw new NotFoundError(ENTRY_NOT_FOUND_MESSAGE);
  return { judging, entry };
}

/** PUT /api/judge/{token}/scores/{photoId}: the judge's score (1 to the score out of) and critique of one entry. */
export async function saveScore(token: string, photoId: number, input: ScoreInput) {
  const { judging } = await judgedEntry(token, photoId);
  const scoreMax = judging.meeting.scoreMax ?? 20;
  if (input.score > scoreMax) throw InvalidError.field("score", `Score must be at most ${scoreMax}.`);
  const values = { score: input.score, critique: input.critique, judgeId: judging.judgeId, updatedAt: new Date() };
  await db()
    .insert(competitionScores)
    .values({ photoId, meetingId: judging.meeting.id, ...values })
    .onConflictDoUpdate({ target: competitionScores.photoId, set: values });
  return { photoId, score: input.score, critique: input.critique };
}
