// Scheduling meetings (admins): creating a one-off or recurring meeting, or the
// next meeting of a recurring one; changing and deleting a meeting. Members
// read them (meeting-view.server.ts, meeting-list.server.ts).
import { count, eq, sql } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { meetingSubmissions, meetings, meetingTemplates, withdrawnSubmissions, type MeetingRow } from "@db/schema";
import { instantFromText, toDateTimeInput } from "~/lib/club-time";
import type { MeetingPatch, NewMeeting } from "~/lib/meeting-schemas";
import { rhythmOf } from "~/lib/meetings";
import { canSeeMeetings, isUnrevealed, mayEndAnonymity, requireAdmin, type ViewerRef } from "~/services/access.server";
import { ConflictError, InvalidError, NotFoundError, NotLoggedInError } from "~/services/errors.server";
import { clubTimeZone } from "./club-zone.server";
import { requireMembersExist } from "./meeting-members.server";
import { refreshMeetingStarts } from "./meeting-starts.server";
import { rhythmColumns, type MeetingTemplateRow } from "./meeting-json.server";
import { announceNames } from "./names-changed.server";
import {
  competitionColumns,
  dropCategories,
  saveCategories,
  type CompetitionColumns,
} from "~/services/competitions/competition-meetings.server";
import type { CategoryInput, ScoreMax } from "~/lib/competitions";
import { loadTemplate } from "./templates.server";

export const MEETING_NOT_FOUND_MESSAGE = "Meeting not found.";
export const MEETING_HAS_SUBMISSIONS_MESSAGE =
  "This meeting has submissions, so it cannot be deleted. Its members' photos would lose their meeting.";

export const ANONYMITY_ENDS_BY_REVEAL_MESSAGE =
  "Photos are submitted to this meeting anonymously: its names can only be shown with Reveal names.";
export const WITHDRAWN_ANONYMOUSLY_MESSAGE =
  "Photos were withdrawn from this meeting before its names were revealed: reveal them before deleting it.";

export const meetingNotFound = () => new NotFoundError(MEETING_NOT_FOUND_MESSAGE);

/** A meeting row; 404 when there is none. `lock` holds it for the caller's transaction. */
export async function loadMeeting(meetingId: number, lock?: "update" | "share"): Promise<MeetingRow> {
  const query = db().select().from(meetings).where(eq(meetings.id, meetingId));
  const [meeting] = lock ? await query.for(lock) : await query;
  if (!meeting) throw meetingNotFound();
  return meeting;
}

/** A meeting for a member's eyes: 401 for a visitor (meetings are for members), 404 for none. */
export async function meetingForMember(viewer: ViewerRef, meetingId: number): Promise<MeetingRow> {
  if (!canSeeMeetings(viewer)) throw new NotLoggedInError();
  return loadMeeting(meetingId);
}

/** A start as a form or the API sent it, read on the club's clock; the schema has checked it already. */
export function meetingStart(text: string): Date {
  const start = instantFromText(text, clubTimeZone());
  if (!start) throw InvalidError.field("startsAt", "Date/Time must be a date and time.");
  return start;
}

/**
 * Creates a meeting. With a frequency it is recurring: the recurring meeting
 * (template) is made too, its latest meeting this one. With a template it is
 * that template's next meeting, and the template's latest start moves to it
 * (never back: an extra, earlier meeting does not make the series repeat).
 */
export async function createMeeting(viewer: ViewerRef, input: NewMeeting): Promise<MeetingRow> {
  requireAdmin(viewer);
  const startsAt = meetingStart(input.startsAt);
  return transaction(async () => {
    await requireMembersExist(input.allowedUserIds);
    const fields = {
      startsAt,
      topic: input.topic,
      callLink: input.callLink ?? null,
      callDetails: input.callDetails ?? null,
      maxUploadsCount: input.maxUploadsCount,
      allowedUserIds: input.allowedUserIds ?? null,
      anonymous: input.anonymous,
    };
    const template = input.meetingTemplateId
      ? await loadTemplate(input.meetingTemplateId, "update").catch((error: unknown) => {
          if (error instanceof NotFoundError)
            throw InvalidError.field("meetingTemplateId", "That recurring meeting does not exist.");
          throw error;
        })
      : null;
    // The next meeting of a recurring competition is one, unless the admin says what it is.
    if (template) input = { ...templateCompetition(template, startsAt), ...sentFields(input) };
    const competition = await competitionColumns(input, startsAt);
    fields.anonymous = competition.anonymous;
    let meetingTemplateId: number | null = null;
    if (template) {
      meetingTemplateId = template.id;
      await db()
        .update(meetingTemplates)
        .set({
          latestAt: sql`greatest(${meetingTemplates.latestAt}, ${startsAt.toISOString()}::timestamptz)`,
          updatedAt: new Date(),
        })
        .where(eq(meetingTemplates.id, template.id));
    } else if (rhythmOf(input)) {
      const [template] = await db()
        .insert(meetingTemplates)
        .values({
          ...fields,
          latestAt: startsAt,
          ...rhythmColumns(rhythmOf(input)!),
          ...templateCompetitionColumns(competition, startsAt, input.categories),
        })
        .returning({ id: meetingTemplates.id });
      meetingTemplateId = template!.id;
    }
    const [meeting] = await db()
      .insert(meetings)
      .values({ ...fields, ...competition, meetingTemplateId })
      .returning();
    if (competition.kind === "competition") await saveCategories(meeting!.id, input.categories ?? []);
    return meeting!;
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A recurring competition's fields for a meeting starting at `startsAt` (nothing for a critique series). */
function templateCompetition(template: MeetingTemplateRow, startsAt: Date): Partial<NewMeeting> {
  if (template.kind !== "competition" || !template.categories || template.closesDaysBefore === null) return {};
  const closesAt = new Date(startsAt.getTime() - template.closesDaysBefore * DAY_MS);
  return {
    kind: "competition",
    categories: template.categories,
    scoreMax: (template.scoreMax as ScoreMax | null) ?? undefined,
    closesAt: toDateTimeInput(closesAt, clubTimeZone()),
  };
}

/** The fields sent (a null is not sent: the series' own then). */
const sentFields = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined && field !== null)) as T;

/** A recurring competition keeps its categories, score out of, and how many days before each start entries close. */
function templateCompetitionColumns(competition: CompetitionColumns, startsAt: Date, categories?: CategoryInput[]) {
  if (competition.kind !== "competition") return { kind: "critique" };
  return {
    kind: "competition",
    scoreMax: competition.scoreMax,
    categories: (categories ?? []).map(({ name, maxEntries }) => ({ name, maxEntries })),
    closesDaysBefore: Math.min(60, Math.floor((startsAt.getTime() - competition.closesAt!.getTime()) / DAY_MS)),
  };
}

/** Changes a meeting's fields; a new start reaches every submitted photo's copy of it in the same transaction. */
export async function updateMeeting(viewer: ViewerRef, meetingId: number, changes: MeetingPatch): Promise<MeetingRow> {
  requireAdmin(viewer);
  const startsAt = changes.startsAt === undefined ? undefined : meetingStart(changes.startsAt);
  return transaction(async () => {
    const before = await loadMeeting(meetingId, "update");
    // Turning anonymity off and on again would show the names for a moment: once anyone submitted, only the reveal ends it.
    if (changes.anonymous === false && !mayEndAnonymity(before, { submitted: await anySubmitted(meetingId) })) {
      throw InvalidError.field("anonymous", ANONYMITY_ENDS_BY_REVEAL_MESSAGE);
    }
    await requireMembersExist(changes.allowedUserIds);
    const competition = await competitionColumns(changes, startsAt ?? before.startsAt, before);
    const { categories, ...columns } = changes;
    const set = Object.fromEntries(
      Object.entries({ ...columns, startsAt, ...competition }).filter(([, value]) => value !== undefined),
    ) as Partial<MeetingRow>;
    const [meeting] = await db()
      .update(meetings)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(meetings.id, meetingId))
      .returning();
    if (competition.kind === "critique") await dropCategories(meetingId);
    else if (categories) await saveCategories(meetingId, categories);
    else if (before.kind !== "competition")
      throw InvalidError.field("categories", "A competition needs at least one category.");
    if (startsAt && startsAt.getTime() !== before.startsAt.getTime()) await refreshMeetingStarts({ meetingId });
    // Hidden or shown again by the edit (not by a reveal): open pages and rooms load the names as they are now.
    if (changes.anonymous !== undefined && changes.anonymous !== before.anonymous && !meeting!.revealedAt) {
      await announceNames(meetingId);
    }
    return meeting!;
  });
}

/** Whether an edit may no longer end the meeting's anonymity (the edit form shows the box ticked and locked). */
export async function anonymityEndsOnlyByReveal(meetingId: number): Promise<boolean> {
  const meeting = await loadMeeting(meetingId);
  return !mayEndAnonymity(meeting, { submitted: await anySubmitted(meetingId) });
}

/** Whether anyone submitted to the meeting, including photos withdrawn since. */
async function anySubmitted(meetingId: number): Promise<boolean> {
  for (const table of [meetingSubmissions, withdrawnSubmissions]) {
    const [row] = await db()
      .select({ one: sql`1` })
      .from(table)
      .where(eq(table.meetingId, meetingId))
      .limit(1);
    if (row) return true;
  }
  return false;
}

/** Deletes a meeting nobody submitted to; one with submissions stays (409, saying why). */
export async function deleteMeeting(viewer: ViewerRef, meetingId: number): Promise<void> {
  requireAdmin(viewer);
  await transaction(async () => {
    const meeting = await loadMeeting(meetingId, "update");
    // A submission takes its meeting's row first (FOR SHARE), so none can arrive between this count and the delete.
    const [submitted] = await db()
      .select({ n: count() })
      .from(meetingSubmissions)
      .where(eq(meetingSubmissions.meetingId, meetingId));
    if ((submitted?.n ?? 0) > 0) throw new ConflictError(MEETING_HAS_SUBMISSIONS_MESSAGE);
    // Its withdrawn photos' authors stay hidden until its reveal; deleting it would show them.
    if (isUnrevealed(meeting) && (await anySubmitted(meetingId)))
      throw new ConflictError(WITHDRAWN_ANONYMOUSLY_MESSAGE);
    await db().delete(meetings).where(eq(meetings.id, meetingId));
  });
}
