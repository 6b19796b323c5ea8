// Meetings and recurring meetings as the API and the screens see them (the
// field names of docs/product.md: camelCase fields, PascalCase relations).
import type { MeetingRow, meetingTemplates } from "@db/schema";
import { addCalendarDays, nextMonthlyStart } from "~/lib/club-time";
import { frequencyOfRhythm, type MeetingFrequency, type MeetingRhythm } from "~/lib/meetings";
import type { CategoryJson, MeetingKind, ScoreMax } from "~/lib/competitions";
import type { MeetingFieldsJson, MeetingTemplateJson } from "~/lib/meeting-json";

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
    kind: template.kind as MeetingKind,
    categories: template.categories ?? [],
    scoreMax: template.scoreMax as ScoreMax | null,
    closesDaysBefore: template.closesDaysBefore,
  };
}
