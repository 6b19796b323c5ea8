// A competition's own fields on a meeting: its kind, when entries close, the
// score it is judged out of, and its categories. createMeeting and
// updateMeeting (meetings.server.ts) call these inside their transaction.
import { and, asc, count, eq, inArray, notInArray } from "drizzle-orm";
import { db } from "@db/client.server";
import { competitionCategories, competitionScores, meetingSubmissions, type MeetingRow } from "@db/schema";
import { instantFromText } from "~/lib/club-time";
import {
  DEFAULT_SCORE_MAX,
  type CategoryInput,
  type CategoryJson,
  type MeetingKind,
  type ScoreMax,
} from "~/lib/competitions";
import { ConflictError, InvalidError } from "~/services/errors.server";
import { clubTimeZone } from "~/services/meetings/club-zone.server";

export const CLOSES_BEFORE_START_MESSAGE = "Entries must close before the competition starts.";
export const COMPETITION_STAYS_ANONYMOUS_MESSAGE =
  "A competition is judged without names: they are shown when its results are published.";
export const KIND_FIXED_MESSAGE = "This meeting has submissions, so it stays the kind of meeting it is.";
export const SCORE_MAX_FIXED_MESSAGE = "The judge has started scoring, so the score out of stays as it is.";

type CompetitionInput = {
  kind?: MeetingKind;
  closesAt?: string | null;
  scoreMax?: ScoreMax | null;
  anonymous?: boolean;
};

export type CompetitionColumns = Pick<MeetingRow, "kind" | "closesAt" | "scoreMax" | "anonymous">;

/**
 * The meeting's competition columns after an edit (or on creation, without `before`): a competition
 * has a deadline before its start, a score out of (20 unless chosen) and is always anonymous.
 */
export async function competitionColumns(
  input: CompetitionInput,
  startsAt: Date,
  before?: MeetingRow,
): Promise<CompetitionColumns> {
  const kind = input.kind ?? (before?.kind as MeetingKind | undefined) ?? "critique";
  if (before && kind !== before.kind && (await entryCount(before.id)) > 0)
    throw InvalidError.field("kind", KIND_FIXED_MESSAGE);
  if (kind === "critique") {
    return { kind, closesAt: null, scoreMax: null, anonymous: input.anonymous ?? before?.anonymous ?? false };
  }
  // A new competition is anonymous whatever the form said; an edit may not end it (the results do).
  if (before && input.anonymous === false) throw InvalidError.field("anonymous", COMPETITION_STAYS_ANONYMOUS_MESSAGE);
  const closesAt =
    input.closesAt === undefined || input.closesAt === null
      ? (before?.closesAt ?? null)
      : instantFromText(input.closesAt, clubTimeZone());
  if (!closesAt) throw InvalidError.field("closesAt", "Say when entries close.");
  if (closesAt.getTime() >= startsAt.getTime()) throw InvalidError.field("closesAt", CLOSES_BEFORE_START_MESSAGE);
  const scoreMax = input.scoreMax ?? (before?.scoreMax as ScoreMax | null | undefined) ?? DEFAULT_SCORE_MAX;
  if (before?.scoreMax && scoreMax !== before.scoreMax && (await scoredCount(before.id)) > 0)
    throw InvalidError.field("scoreMax", SCORE_MAX_FIXED_MESSAGE);
  return { kind, closesAt, scoreMax, anonymous: true };
}

async function entryCount(meetingId: number): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(meetingSubmissions)
    .where(eq(meetingSubmissions.meetingId, meetingId));
  return row?.n ?? 0;
}

async function scoredCount(meetingId: number): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(competitionScores)
    .where(eq(competitionScores.meetingId, meetingId));
  return row?.n ?? 0;
}

/**
 * The competition's categories become the list sent, in its order: an `id` keeps (and may rename)
 * that category, a new one is added, one left out is removed unless it has entries (409).
 */
export async function saveCategories(meetingId: number, inputs: CategoryInput[]): Promise<void> {
  const existing = await db()
    .select({ id: competitionCategories.id, name: competitionCategories.name })
    .from(competitionCategories)
    .where(eq(competitionCategories.meetingId, meetingId));
  const ids = new Set(existing.map((category) => category.id));
  if (inputs.some((input) => input.id !== undefined && !ids.has(input.id)))
    throw InvalidError.field("categories", "A category sent is not one of this competition's.");
  const kept = inputs.flatMap((input) => (input.id === undefined ? [] : [input.id]));
  const removed = existing.filter((category) => !kept.includes(category.id));
  if (removed.length > 0) {
    const [used] = await db()
      .select({ categoryId: meetingSubmissions.categoryId })
      .from(meetingSubmissions)
      .where(
        inArray(
          meetingSubmissions.categoryId,
          removed.map((category) => category.id),
        ),
      )
      .limit(1);
    if (used) {
      const name = removed.find((category) => category.id === used.categoryId)?.name ?? "A category";
      throw new ConflictError(`${name} has entries, so it stays a category of this competition.`);
    }
    await db()
      .delete(competitionCategories)
      .where(
        and(
          eq(competitionCategories.meetingId, meetingId),
          kept.length > 0 ? notInArray(competitionCategories.id, kept) : undefined,
        ),
      );
  }
  for (const [index, input] of inputs.entries()) {
    const fields = { name: input.name, maxEntries: input.maxEntries, position: index + 1 };
    if (input.id === undefined)
      await db()
        .insert(competitionCategories)
        .values({ meetingId, ...fields });
    else await db().update(competitionCategories).set(fields).where(eq(competitionCategories.id, input.id));
  }
}

/** Removes a meeting's categories when it stops being a competition (it has no entries then). */
export async function dropCategories(meetingId: number): Promise<void> {
  await db().delete(competitionCategories).where(eq(competitionCategories.meetingId, meetingId));
}

/** The categories of each meeting asked for, in their order. */
export async function categoriesOf(meetingIds: number[]): Promise<Map<number, CategoryJson[]>> {
  const byMeeting = new Map<number, CategoryJson[]>();
  if (meetingIds.length === 0) return byMeeting;
  const rows = await db()
    .select()
    .from(competitionCategories)
    .where(inArray(competitionCategories.meetingId, meetingIds))
    .orderBy(asc(competitionCategories.meetingId), asc(competitionCategories.position));
  for (const row of rows) {
    const list = byMeeting.get(row.meetingId) ?? [];
    list.push({ id: row.id, name: row.name, maxEntries: row.maxEntries });
    byMeeting.set(row.meetingId, list);
  }
  return byMeeting;
}
