// Meetings and recurring meetings as the API and the screens see them (camelCase fields, PascalCase relations).
import type { PhotoJson } from "./club-json";
import type { CompetitionFieldsJson, MeetingKind, ScoreMax } from "./competitions";
import type { MeetingFrequency, MeetingRhythm } from "./meetings";

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
  /** A recurring competition's meetings are competitions with these categories and score out of. */
  kind: MeetingKind;
  categories: { name: string; maxEntries: number }[];
  scoreMax: ScoreMax | null;
  /** How many days before each meeting starts its entries close (a competition's; else null). */
  closesDaysBefore: number | null;
};

/** One of my submissions to a meeting, as its 'My Uploads' thumbnail. */
export type MyUpload = { id: number; position: number; photoId: number; thumbUrl: string | null };

export type MeetingListItem = MeetingFieldsJson & {
  /** The topic's first line (the Topic column). */
  title: string;
  /** The viewer's own submissions, by position. */
  myUploads: MyUpload[];
};

export type MemberChoice = { id: number; firstName: string; lastName: string };
