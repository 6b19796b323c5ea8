// Meetings and recurring meetings as the API and the screens see them (the
// field names of docs/product.md: camelCase fields, PascalCase relations).
import type { MeetingRow, meetingTemplates } from "@db/schema";
import { addCalendarDays, nextMonthlyStart } from "~/lib/club-time";
import { frequencyOfRhythm, type MeetingFrequency, type MeetingRhythm } from "~/lib/meetings";
import type { PhotoJson } from "~/lib/club-json";
import type { CategoryJson, CompetitionFieldsJson, MeetingKind, ScoreMax } from "~/lib/competitions";

/** A submission; a competition's entry names its category (null on a critique night). */
export type MeetingSubmissionJson = { id: number; position: number; CategoryId: number | null; Photo: PhotoJson };

/** A meeting's own fields, without its submissions. */
export type MeetingFieldsJson = {
  id: number;
  MeetingTemplateId: number | null;
  startsAt: string;
  callLink: string | null;
  callDetails: string | null;
  topic: string;
  maxUploadsCount: number;
  allowedUserIds: number[] | null;
  /** Reviewed without names until an admin reveals them. */
  anonymous: boolean;
  /** When an admin revealed the names of an anonymous meeting; null before (and for other meetings). */
  revealedAt: string | null;
} & CompetitionFieldsJson;

/** A meeting with its submissions, in the meeting's order (author by author, each by position). */
export type MeetingJson = MeetingFieldsJson & { MeetingSubmissions: MeetingSubmissionJson[] };

export type MeetingTemplateJson = {
  id: number;
  topic: string;
  latestAt: string;
  callLink: string | null;
  callDetails: string | null;
  maxUploadsCount: number;
  allowedUserIds: number[] | null;
  /** Days between meetings (the contract's 7 or 14); null for a monthly meeting. */
  frequency: MeetingFrequency | null;
  /** How it repeats: 'weekly', 'biweekly' (the frequency's), 'monthly' or 'monthly-last'. */
  repeats: MeetingRhythm;
  /** Its meetings are reviewed anonymously. */
  anonymous: boolean;
  /**
   * When 'Create Next Meeting' would start, on the club's clock at latestAt's time: latestAt plus the
   * frequency in calendar days, or for a monthly meeting the same weekday in the next month (nextMonthlyStart).
   */
  nextStartsAt: string;
};

export type MeetingTemplateRow = typeof meetingTemplates.$inferSelect;

/** The meeting's fields; a competition's categories come from categoriesOf. */
export function toMeetingFieldsJson(meeting: MeetingRow, categories: CategoryJson[] = []): MeetingFieldsJson {
  return {
    id: meeting.id,
    MeetingTemplateId: meeting.meetingTemplateId,
    startsAt: meeting.startsAt.toISOString(),
    callLink: meeting.callLink,
    callDetails: meeting.callDetails,
    topic: meeting.topic,
    maxUploadsCount: meeting.maxUploadsCount,
    allowedUserIds: meeting.allowedUserIds,
    anonymous: meeting.anonymous,
    revealedAt: meeting.revealedAt?.toISOString() ?? null,
    kind: meeting.kind as MeetingKind,
    categories: meeting.kind === "competition" ? categories : [],
    closesAt: meeting.closesAt?.toISOString() ?? null,
    scoreMax: meeting.scoreMax as ScoreMax | null,
    resultsPublishedAt: meeting.resultsPublishedAt?.toISOString() ?? null,
  };
}

type RhythmColumns = Pick<MeetingTemplateRow, "frequency" | "monthlyWeek">;

/** A recurring meeting's rhythm, from its columns (a frequency in days, or a week of the month). */
export function rhythmOfRow(template: RhythmColumns): MeetingRhythm {
  if (template.monthlyWeek) return template.monthlyWeek === "last" ? "monthly-last" : "monthly";
  return template.frequency === 14 ? "biweekly" : "weekly";
}

/** The columns that store a rhythm. */
export function rhythmColumns(rhythm: MeetingRhythm): RhythmColumns {
  const frequency = frequencyOfRhythm(rhythm);
  return frequency
    ? { frequency, monthlyWeek: null }
    : { frequency: null, monthlyWeek: rhythm === "monthly-last" ? "last" : "same" };
}

/**
 * The start of a recurring meeting's next meeting: latestAt plus frequency days, or the
 * same weekday of the next month for a monthly one.
 */
export function nextStartOf(template: Pick<MeetingTemplateRow, "latestAt"> & RhythmColumns, zone: string): Date {
  if (template.monthlyWeek) {
    return nextMonthlyStart(template.latestAt, zone, template.monthlyWeek === "last" ? "last" : "same");
  }
  return addCalendarDays(template.latestAt, template.frequency ?? 7, zone);
}

export function toTemplateJson(template: MeetingTemplateRow, zone: string): MeetingTemplateJson {
  return {
    id: template.id,
    topic: template.topic,
    latestAt: template.latestAt.toISOString(),
    callLink: template.callLink,
    callDetails: template.callDetails,
    maxUploadsCount: template.maxUploadsCount,
    allowedUserIds: template.allowedUserIds,
    frequency: template.frequency as MeetingFrequency | null,
    repeats: rhythmOfRow(template),
    anonymous: template.anonymous,
    nextStartsAt: nextStartOf(template, zone).toISOString(),
  };
}
