// The club's meeting rules that the browser and the server both apply: when a
// meeting counts as upcoming, its title, and the texts of the upload allowance
// and of saving a meeting (docs/texts-and-limits.md).

/** A meeting stays upcoming until two hours after its start. */
export const MEETING_UPCOMING_GRACE_MS = 2 * 60 * 60 * 1000;

/** A meeting lasts two hours in calendars and reminders. */
export const MEETING_DURATION_MS = 2 * 60 * 60 * 1000;

/** Default uploads per member (docs/texts-and-limits.md). */
export const DEFAULT_MAX_UPLOADS = 4;

/** The contract's `frequency`: weekly or every other week; MEETING_RHYTHMS adds the monthly ones. */
export const MEETING_FREQUENCIES = [
  { value: 7, label: "Weekly" },
  { value: 14, label: "Biweekly" },
] as const;
export type MeetingFrequency = (typeof MEETING_FREQUENCIES)[number]["value"];

/**
 * How a recurring meeting repeats (`repeats` in the API): the
 * contract's two rhythms in days, and the monthly ones beside them. `monthly`
 * is the same weekday in the same week of the month (the 2nd Tuesday, then the
 * next month's 2nd Tuesday; after a 5th Tuesday, the next month's last, since
 * not every month has a fifth); `monthly-last` the last such weekday of each
 * month (lib/club-time.ts, nextMonthlyStart).
 */
export const MEETING_RHYTHMS = [
  { value: "weekly", label: "Weekly", days: 7 },
  { value: "biweekly", label: "Biweekly", days: 14 },
  { value: "monthly", label: "Monthly", days: null },
  { value: "monthly-last", label: "Monthly, last week", days: null },
] as const;
export type MeetingRhythm = (typeof MEETING_RHYTHMS)[number]["value"];
export const MEETING_RHYTHM_VALUES = MEETING_RHYTHMS.map((rhythm) => rhythm.value) as [
  MeetingRhythm,
  ...MeetingRhythm[],
];

/** The rhythm of the contract's `frequency` (7 Weekly, 14 Biweekly). */
export const rhythmOfFrequency = (days: MeetingFrequency): MeetingRhythm => (days === 14 ? "biweekly" : "weekly");

/** The contract's `frequency` of a rhythm in days; null for the monthly ones (a month is no number of days). */
export const frequencyOfRhythm = (rhythm: MeetingRhythm): MeetingFrequency | null =>
  MEETING_RHYTHMS.find((r) => r.value === rhythm)!.days;

/** The rhythm a body or form names, by `repeats` or by the contract's `frequency`; null for none. */
export function rhythmOf(value: { frequency?: MeetingFrequency | null; repeats?: MeetingRhythm | null }) {
  return value.repeats ?? (value.frequency ? rhythmOfFrequency(value.frequency) : null);
}

/** 'Weekly', 'Monthly', ... */
export const rhythmLabel = (rhythm: MeetingRhythm) => MEETING_RHYTHMS.find((r) => r.value === rhythm)!.label;

/** The earliest start an upcoming meeting may have at `now`: two hours ago. */
export function upcomingSince(now: Date): Date {
  return new Date(now.getTime() - MEETING_UPCOMING_GRACE_MS);
}

/** 'Upcoming' while its start is at or after two hours before now; 'Past' after. */
export function isUpcoming(startsAt: Date | string, now: Date): boolean {
  return new Date(startsAt).getTime() >= upcomingSince(now).getTime();
}

/**
 * The 'Next' meeting: the earliest upcoming one, on page 1 only. `meetings` may
 * come in any order; null when none is upcoming.
 */
export function nextOf<M extends { startsAt: Date | string; id: number }>(
  meetings: M[],
  now: Date,
  page = 1,
): M | null {
  if (page !== 1) return null;
  const time = (m: M) => new Date(m.startsAt).getTime();
  const upcoming = meetings.filter((m) => isUpcoming(m.startsAt, now));
  upcoming.sort((a, b) => time(a) - time(b) || a.id - b.id);
  return upcoming[0] ?? null;
}

/** The topic's first line is the meeting's title. */
export function meetingTitle(topic: string): string {
  return topic.split(/\r?\n/)[0]!.trim();
}

/** The topic after its first line (the details under the title), or "". */
export function meetingTopicDetails(topic: string): string {
  return topic.split(/\r?\n/).slice(1).join("\n").trim();
}

/** How many more photos a member may submit: maxUploadsCount minus what they already did, never below zero. */
export function remainingUploads(maxUploadsCount: number, uploaded: number): number {
  return Math.max(0, maxUploadsCount - uploaded);
}

/** '1 photo', '3 photos': the contract's texts say 'photos' for any number; the code says 'photo' for one. */
/** Who made a photo, while an anonymous review hides it. */
export const ANONYMOUS_AUTHOR = "Anonymous (until the names are revealed)";

export function photosCount(n: number): string {
  return `${n} ${n === 1 ? "photo" : "photos"}`;
}

/** What the upload page says about the member's allowance. */
export function allowanceMessage(maxUploadsCount: number, uploaded: number): string {
  const remaining = maxUploadsCount - uploaded;
  if (remaining <= 0) return `You have already uploaded ${photosCount(uploaded)} for this meeting.`;
  return `You may upload up to ${remaining} more ${remaining === 1 ? "photo" : "photos"} for this meeting.`;
}

/** Shown with the allowance while uploads may still be made. */
export const STAY_ON_PAGE_WARNING = "Please do not leave this page until your uploads are complete.";

/** Dropping more files than the allowance. */
export const TOO_MANY_FILES_MESSAGE = "Too many files!";

/** After 'Too many files!', how many of the chosen files could still be added (the code's addition). */
export function roomLeftMessage(room: number): string {
  if (room <= 0) return "You may not add any more photos to this meeting.";
  return `You may add ${room} more ${room === 1 ? "photo" : "photos"} to this meeting: choose again.`;
}

/** Told to a member who is not on a meeting's list of who may submit. */
export const NOT_ON_LIST_MESSAGE = "You are not on this meeting's list, so you cannot upload photos to it.";

/** The meeting forms' success texts (docs/texts-and-limits.md). */
export const MEETING_CREATED_MESSAGE = "Meeting created!";
export const MEETING_UPDATED_MESSAGE = "Meeting updated!";
export const TEMPLATE_UPDATED_MESSAGE = "Recurring Meeting updated!";

/** The first year the meetings' year selector offers. */
export const FIRST_MEETING_YEAR = 2021;

/** The year selector's years: from the latest meeting's year (or this year) down to 2021. */
export function meetingYears(latestYear: number | null, thisYear: number): number[] {
  const newest = Math.max(latestYear ?? thisYear, FIRST_MEETING_YEAR);
  return Array.from({ length: newest - FIRST_MEETING_YEAR + 1 }, (_, i) => newest - i);
}

/** 'Choose from my photos' on the upload page: one of the member's photos in no meeting. */
export type PhotoToChoose = {
  id: number;
  caption: string | null;
  filename: string;
  thumbUrl: string | null;
  /** Members have seen it with the member's name (their gallery, /browse, the home page): in an anonymous meeting, others may recognise it. */
  seenWithName: boolean;
};

/** What 'Choose from my photos' says of the photos seen with their member's name, when the meeting is anonymous. */
export const SEEN_WITH_NAME_WARNING =
  "Members have seen the photos marked 'Seen with your name' in your gallery, on Browse or the home page: others may recognise them.";
