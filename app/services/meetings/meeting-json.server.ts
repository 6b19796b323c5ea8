// Meetings and recurring meetings as the API and the screens see them (spec
// section 3 field names: camelCase fields, PascalCase relations).
import type { MeetingRow, meetingTemplates } from "@db/schema";
import { addCalendarDays } from "~/lib/club-time";
import type { MeetingFrequency } from "~/lib/meetings";
import type { PhotoJson } from "~/lib/club-json";

export type MeetingSubmissionJson = { id: number; position: number; Photo: PhotoJson };

/** A meeting's own fields (spec section 3 "Meeting"), without its submissions. */
export type MeetingFieldsJson = {
  id: number;
  MeetingTemplateId: number | null;
  startsAt: string;
  callLink: string | null;
  callDetails: string | null;
  topic: string;
  maxUploadsCount: number;
  allowedUserIds: number[] | null;
  /** Reviewed without names until an admin reveals them (issue 26). */
  anonymous: boolean;
  /** When an admin revealed the names of an anonymous meeting; null before (and for other meetings). */
  revealedAt: string | null;
};

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
  frequency: MeetingFrequency;
  /** Its meetings are reviewed anonymously. */
  anonymous: boolean;
  /** When 'Create Next Meeting' would start: latestAt plus the frequency, in calendar days on the club's clock. */
  nextStartsAt: string;
};

export type MeetingTemplateRow = typeof meetingTemplates.$inferSelect;

export function toMeetingFieldsJson(meeting: MeetingRow): MeetingFieldsJson {
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
  };
}

/** The start of a recurring meeting's next meeting (spec section 4: latestAt plus frequency days). */
export function nextStartOf(template: Pick<MeetingTemplateRow, "latestAt" | "frequency">, zone: string): Date {
  return addCalendarDays(template.latestAt, template.frequency, zone);
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
    frequency: template.frequency as MeetingFrequency,
    anonymous: template.anonymous,
    nextStartsAt: nextStartOf(template, zone).toISOString(),
  };
}
