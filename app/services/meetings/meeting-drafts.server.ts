// The meeting forms' starting values (new, next of a recurring one, edit).
import { toDateTimeInput } from "~/lib/club-time";
import { DEFAULT_SCORE_MAX, type MeetingKind, type ScoreMax } from "~/lib/competitions";
import type { MeetingDraft, MeetingEditDraft } from "~/lib/meeting-drafts";
import { DEFAULT_MAX_UPLOADS, meetingTitle } from "~/lib/meetings";
import { requireAdmin, type ViewerRef } from "~/services/access.server";
import { categoriesOf } from "~/services/competitions/competition-meetings.server";
import { clubTimeZone } from "./club-zone.server";
import { nextStartOf, rhythmOfRow } from "./meeting-json.server";
import { loadMeeting } from "./meetings.server";
import { loadTemplate } from "./templates.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function meetingDraft(viewer: ViewerRef, meetingTemplateId?: number | null): Promise<MeetingDraft> {
  requireAdmin(viewer);
  if (!meetingTemplateId) {
    return {
      startsAt: "",
      topic: "",
      callLink: null,
      callDetails: null,
      maxUploadsCount: DEFAULT_MAX_UPLOADS,
      allowedUserIds: null,
      anonymous: false,
      meetingTemplateId: null,
      series: null,
      kind: "critique",
      categories: [],
      closesAt: "",
      scoreMax: DEFAULT_SCORE_MAX,
    };
  }
  const template = await loadTemplate(meetingTemplateId);
  const zone = clubTimeZone();
  const start = nextStartOf(template, zone);
  const closesDays = template.closesDaysBefore;
  return {
    startsAt: toDateTimeInput(start, zone),
    // The series' topic names the series; the night's own topic is the admin's to write.
    topic: "",
    callLink: template.callLink,
    callDetails: template.callDetails,
    maxUploadsCount: template.maxUploadsCount,
    allowedUserIds: template.allowedUserIds,
    anonymous: template.anonymous,
    meetingTemplateId: template.id,
    series: { title: meetingTitle(template.topic), repeats: rhythmOfRow(template) },
    kind: template.kind as MeetingKind,
    categories: template.categories ?? [],
    closesAt: closesDays === null ? "" : toDateTimeInput(new Date(start.getTime() - closesDays * DAY_MS), zone),
    scoreMax: (template.scoreMax as ScoreMax | null) ?? DEFAULT_SCORE_MAX,
  };
}

export async function meetingEditDraft(viewer: ViewerRef, meetingId: number): Promise<MeetingEditDraft> {
  requireAdmin(viewer);
  const meeting = await loadMeeting(meetingId);
  const zone = clubTimeZone();
  const categories = (await categoriesOf([meeting.id])).get(meeting.id) ?? [];
  return {
    id: meeting.id,
    startsAt: toDateTimeInput(meeting.startsAt, zone),
    topic: meeting.topic,
    callLink: meeting.callLink,
    callDetails: meeting.callDetails,
    maxUploadsCount: meeting.maxUploadsCount,
    allowedUserIds: meeting.allowedUserIds,
    anonymous: meeting.anonymous,
    meetingTemplateId: meeting.meetingTemplateId,
    kind: meeting.kind as MeetingKind,
    categories,
    closesAt: meeting.closesAt ? toDateTimeInput(meeting.closesAt, zone) : "",
    scoreMax: (meeting.scoreMax as ScoreMax | null) ?? DEFAULT_SCORE_MAX,
  };
}
