// What the meeting forms start with, as the pages receive it from their loaders.
import type { CategoryJson, MeetingKind, ScoreMax } from "./competitions";
import type { MeetingRhythm } from "./meetings";

/**
 * The new meeting form's values: blank, or the next meeting of a recurring one: its next start
 * and its details, but an empty topic, since each night has its own.
 */
export type MeetingDraft = {
  /** The start as a datetime-local value on the club's clock ('' for a blank form). */
  startsAt: string;
  topic: string;
  callLink: string | null;
  callDetails: string | null;
  maxUploadsCount: number;
  allowedUserIds: number[] | null;
  anonymous: boolean;
  meetingTemplateId: number | null;
  /** The recurring meeting's title (its topic's first line) and rhythm, shown but not sent. */
  series: { title: string; repeats: MeetingRhythm } | null;
  kind: MeetingKind;
  /** A competition's categories (a new one's without ids), when its entries close ('' for none), its score out of. */
  categories: Array<Omit<CategoryJson, "id"> & { id?: number }>;
  closesAt: string;
  scoreMax: ScoreMax;
};

/** The edit meeting form's values: the meeting's fields, its start as a datetime-local value on the club's clock. */
export type MeetingEditDraft = Omit<MeetingDraft, "series"> & { id: number };
