// zod schemas for meetings, shared by the meeting forms (client), their page
// actions and the /api/meetings routes (server): creating a meeting (one-off,
// recurring, or the next of a recurring meeting), editing a meeting or a
// recurring meeting, listing, the meeting view's sort, and reordering one's
// submissions. Each field is defined once and every text has a maximum.
//
// Times: `startsAt` is either an instant with an offset ('2026-03-10T19:00:00-07:00',
// what the API sends) or a time on the club's clock ('2026-03-10T19:00', what a
// datetime-local input sends); the service reads it in CLUB_TIME_ZONE.
import { z } from "zod";
import { isDateTimeText } from "./club-time";
import {
  DEFAULT_MAX_UPLOADS,
  MEETING_RHYTHM_VALUES,
  rhythmOfFrequency,
  type MeetingFrequency,
  type MeetingRhythm,
} from "./meetings";
import { MEETING_SORTS, type MeetingSort } from "./meeting-order";
import { NewPhotoSchema } from "./photo-schemas";
import {
  categoriesField,
  kindField,
  scoreMaxField,
  templateCompetitionFields,
  templateKindFits,
  type MeetingKind,
} from "./competitions";
import { MAX_CAPTION_LENGTH } from "./photo-limits";

/** A row id in a body: PostgreSQL's integer columns end at 2^31 - 1, so a larger one names nothing. */
const rowId = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be positive.`)
    .max(2 ** 31 - 1, `${label} is not a known id.`);

const START_MESSAGE = "Date/Time must be a date and time.";
const startsAt = z
  .string({ error: START_MESSAGE })
  .trim()
  .max(40, START_MESSAGE)
  .refine(isDateTimeText, { message: START_MESSAGE });

/** The meeting's texts' most, read by their fields too. */
export const MAX_TOPIC_LENGTH = 2000;
export const MAX_CALL_DETAILS_LENGTH = 5000;
export const MAX_CALL_LINK_LENGTH = 2048;

const topic = z
  .string({ error: "Topic is required." })
  // Textareas send CRLF; the first line is the title either way.
  .transform((text) => text.replace(/\r\n?/g, "\n").trim())
  // A form's blank (after trimming) reaches the pipe as undefined through Conform's coercion: still "required".
  .pipe(
    z
      .string({ error: "Topic is required." })
      .min(1, "Topic is required.")
      .max(MAX_TOPIC_LENGTH, `Topic must be at most ${MAX_TOPIC_LENGTH} characters.`),
  );

/** Blank (or null) clears the field; a missing key leaves it as it is. */
const clearable = <T extends z.ZodType<string>>(field: T) =>
  z.preprocess((value) => (typeof value === "string" ? value.trim() || null : value), field.nullable()).optional();

const callLink = clearable(
  z
    .string({ error: "Call link must be a web address (http or https)." })
    .max(MAX_CALL_LINK_LENGTH, `Call link must be at most ${MAX_CALL_LINK_LENGTH} characters.`)
    .pipe(z.url({ protocol: /^https?$/, error: "Call link must be a web address (http or https)." })),
);

const callDetails = clearable(
  z
    .string({ error: "Call details must be text." })
    .max(MAX_CALL_DETAILS_LENGTH, `Call details must be at most ${MAX_CALL_DETAILS_LENGTH} characters.`),
);

const UPLOADS_MESSAGE = "Max uploads per member must be a whole number.";
const maxUploadsCount = z
  .number({ error: UPLOADS_MESSAGE })
  .int(UPLOADS_MESSAGE)
  .min(0, "Max uploads per member must be 0 or more.")
  .max(100, "Max uploads per member must be at most 100.");

/**
 * Who may submit: null (everyone), or the chosen members. An empty list means
 * everyone too: a form with no member ticked sends none, and a meeting nobody
 * may submit to is not one the club holds.
 */
const allowedUserIds = z
  .array(rowId("Member id"), { error: "Who may submit must be a list of members." })
  .max(1000, "Who may submit may name at most 1000 members.")
  .nullable()
  .transform((ids) => (ids === null || ids.length === 0 ? null : [...new Set(ids)]));

/** Anonymous review: a form's checkbox sends 'on' or nothing; the API true or false. */
const anonymous = z.boolean({ error: "Anonymous review must be true or false." });

const FREQUENCY_MESSAGE = "Frequency must be 7 (Weekly) or 14 (Biweekly).";
const frequency = z
  .number({ error: FREQUENCY_MESSAGE })
  .refine((days) => days === 7 || days === 14, { message: FREQUENCY_MESSAGE })
  .transform((days) => days as MeetingFrequency);

/** How a recurring meeting repeats: besides the contract's `frequency`, and the forms' 'Recurring?'. */
export const REPEATS_MESSAGE = "Repeats must be weekly, biweekly, monthly or monthly-last.";
const repeats = z.enum(MEETING_RHYTHM_VALUES, { error: REPEATS_MESSAGE });

const CLOSES_MESSAGE = "Entries close must be a date and time.";
const closesAt = z
  .string({ error: CLOSES_MESSAGE })
  .trim()
  .max(40, CLOSES_MESSAGE)
  .refine(isDateTimeText, { message: CLOSES_MESSAGE });

/** A competition's fields; the service checks that they come together and that entries close before the start. */
const competitionFields = {
  kind: kindField.optional(),
  categories: categoriesField,
  closesAt: closesAt.nullish(),
  scoreMax: scoreMaxField.nullish(),
};

type Kinded = { kind?: MeetingKind; categories?: unknown; closesAt?: string | null; scoreMax?: number | null };

/** A critique night has no categories, deadline or score; a new competition has categories and a deadline. */
function competitionComplete(value: Kinded, ctx: z.RefinementCtx, creating: boolean) {
  if (value.kind === "competition") {
    if (creating && !value.categories)
      ctx.addIssue({ code: "custom", path: ["categories"], message: "A competition needs at least one category." });
    if (creating && !value.closesAt)
      ctx.addIssue({ code: "custom", path: ["closesAt"], message: "Say when entries close." });
  } else if (value.kind === "critique" || creating) {
    // A score out of is left over from the form's select, harmless; categories or a deadline are not.
    for (const key of ["categories", "closesAt"] as const) {
      if (value[key] !== undefined && value[key] !== null)
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: "Only a competition has categories, a deadline and a score.",
        });
    }
  }
}

type Rhythmed = { frequency?: MeetingFrequency | null; repeats?: MeetingRhythm | null };

/** `frequency` and `repeats` may both come, as long as they name the same rhythm (14 and 'biweekly'). */
function sameRhythm(value: Rhythmed, ctx: z.RefinementCtx) {
  if (value.frequency && value.repeats && rhythmOfFrequency(value.frequency) !== value.repeats) {
    ctx.addIssue({
      code: "custom",
      path: ["repeats"],
      message: "Frequency and repeats name different rhythms; send one of them.",
    });
  }
}

/**
 * POST /api/meetings and the new meeting form. `frequency` (7 or 14) or
 * `repeats` ('weekly', 'biweekly', 'monthly', 'monthly-last'; empty for 'No')
 * makes a recurring meeting of it; `meetingTemplateId` makes it the next
 * meeting of an existing one (then it is recurring already). The service reads
 * the rhythm with rhythmOf.
 */
export const NewMeetingSchema = z
  .object({
    startsAt,
    topic,
    callLink,
    callDetails,
    maxUploadsCount: maxUploadsCount.default(DEFAULT_MAX_UPLOADS),
    allowedUserIds: allowedUserIds.optional(),
    anonymous: anonymous.default(false),
    frequency: frequency.nullish(),
    repeats: repeats.nullish(),
    meetingTemplateId: rowId("Recurring meeting").nullish(),
    ...competitionFields,
  })
  .superRefine(sameRhythm)
  .superRefine((meeting, ctx) => competitionComplete(meeting, ctx, true))
  .superRefine((meeting, ctx) => {
    if (!meeting.meetingTemplateId || !(meeting.frequency || meeting.repeats)) return;
    ctx.addIssue({
      code: "custom",
      path: [meeting.frequency ? "frequency" : "repeats"],
      message: "A meeting made from a recurring meeting repeats with it already.",
    });
  });
export type NewMeeting = z.output<typeof NewMeetingSchema>;

// What a meeting and a recurring meeting both change (PATCH): a missing field stays as it is.
const sharedPatch = {
  topic: topic.optional(),
  callLink,
  callDetails,
  maxUploadsCount: maxUploadsCount.optional(),
  allowedUserIds: allowedUserIds.optional(),
  anonymous: anonymous.optional(),
};

/** PATCH /api/meetings/{id} and the edit meeting form: a missing field stays as it is. */
const meetingPatchFields = { startsAt: startsAt.optional(), ...sharedPatch, ...competitionFields };
export const MeetingPatchSchema = z
  .object(meetingPatchFields)
  .superRefine((meeting, ctx) => competitionComplete(meeting, ctx, false));
export type MeetingPatch = z.output<typeof MeetingPatchSchema>;

const templateFields = {
  ...sharedPatch,
  frequency: frequency.optional(),
  repeats: repeats.optional(),
  ...templateCompetitionFields,
};

/** PATCH /api/meetings/templates/{id} and the edit recurring meeting form (it has no date). */
export const TemplatePatchSchema = z.object(templateFields).superRefine(sameRhythm).superRefine(templateKindFits);
export type TemplatePatch = z.output<typeof TemplatePatchSchema>;

/**
 * A page form sends every field, and Conform leaves the emptied ones out: for
 * a form, an empty call link, call details or list of members clears it
 * rather than keeping the old value (the API's PATCH keeps what it omits).
 */
export function wholeFormEdit<T extends MeetingPatch | TemplatePatch>(edit: T): T {
  return {
    ...edit,
    callLink: edit.callLink ?? null,
    callDetails: edit.callDetails ?? null,
    allowedUserIds: edit.allowedUserIds ?? null,
    // An unticked box sends nothing: for a form that is 'no'.
    anonymous: edit.anonymous ?? false,
  };
}

/** GET /api/meetings (and /meetings): a year or 'all' (the default), and the page of past meetings. */
export const MeetingListQuerySchema = z.object({
  year: z
    .union([
      z.literal("all"),
      z
        .string()
        .regex(/^\d{4}$/, "Year must be a four-digit year or all.")
        .transform(Number),
    ])
    .default("all"),
  page: z.coerce
    .number({ error: "Page must be a whole number." })
    .int("Page must be a whole number.")
    .min(1, "Page must be 1 or more.")
    .max(2 ** 31 - 1, "Page is too large.")
    .default(1),
});
export type MeetingListQuery = z.output<typeof MeetingListQuerySchema>;

const SORT_VALUES = MEETING_SORTS.map((sort) => sort.value) as [MeetingSort, ...MeetingSort[]];

/** GET /api/meetings/{id}?sort=random|alphabetical: the authors' order (Random by default). */
export const MeetingViewQuerySchema = z.object({
  sort: z.enum(SORT_VALUES, { error: `Sort must be one of ${SORT_VALUES.join(", ")}.` }).optional(),
});

/** PUT /api/meetings/{id}/submissions: the member's own submissions in their new order, by photo id. */
export const SubmissionOrderSchema = z.object({
  photoIds: z
    .array(rowId("Photo id"), { error: "Photo ids must be a list." })
    .min(1, "Name your submissions in their new order.")
    .max(100, "Too many photo ids.")
    .refine((ids) => new Set(ids).size === ids.length, "Each photo may appear once."),
});
export type SubmissionOrder = z.output<typeof SubmissionOrderSchema>;

/** One of the member's own photos already in the gallery, submitted by its id (the code's addition). */
/** A competition's entry names its category and may give its title (the photo's caption). */
const entryFields = {
  CategoryId: rowId("Category").optional(),
  caption: z
    .string({ error: "Title must be text." })
    .trim()
    .max(MAX_CAPTION_LENGTH, `Title must be at most ${MAX_CAPTION_LENGTH} characters.`)
    .optional(),
};

export const ExistingPhotoSubmissionSchema = z.strictObject(
  { PhotoId: rowId("Photo id"), ...entryFields },
  { error: "Send either PhotoId alone, or a new upload's filename and file." },
);
export type ExistingPhotoSubmission = z.output<typeof ExistingPhotoSubmissionSchema>;

/** The upload page's 'Choose from my photos': the same, from a form that also names its intent. */
export const ChosenPhotoFormSchema = z.object({ PhotoId: rowId("Photo id"), ...entryFields });

const NewEntrySchema = NewPhotoSchema.extend(entryFields);
export type NewEntry = z.output<typeof NewEntrySchema>;

/**
 * POST /api/meetings/{id}/submissions: a new upload ({filename, file, ...}) or
 * a photo of one's own ({PhotoId}). Which one is read from the body's keys, so
 * a refusal names the fields of the kind sent rather than zod's 'Invalid input'.
 */
export const MeetingSubmissionSchema = z.looseObject({}).transform((body, ctx) => {
  const schema = "PhotoId" in body ? ExistingPhotoSubmissionSchema : NewEntrySchema;
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data as NewEntry | ExistingPhotoSubmission;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
});
export type MeetingSubmission = z.output<typeof MeetingSubmissionSchema>;

/**
 * The edit meeting form: the PATCH's fields, but a form sends every one, so
 * an emptied Date/Time or Topic is refused under its field instead of being
 * read as 'keep it'. The action passes the value through wholeFormEdit.
 */
export const MeetingEditFormSchema = z
  .object({
    ...meetingPatchFields,
    startsAt,
    topic,
    maxUploadsCount: maxUploadsCount.default(DEFAULT_MAX_UPLOADS),
  })
  .superRefine((meeting, ctx) => competitionComplete(meeting, ctx, false));

/** The edit recurring meeting form (no Date/Time; a rhythm, never 'No': the form sends `repeats`). */
export const TemplateEditFormSchema = z
  .object({ ...templateFields, topic, maxUploadsCount: maxUploadsCount.default(DEFAULT_MAX_UPLOADS) })
  .superRefine(sameRhythm)
  .superRefine(templateKindFits)
  .refine((template) => template.frequency || template.repeats, { path: ["repeats"], message: REPEATS_MESSAGE });
