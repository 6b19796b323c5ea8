// Competitions: a meeting of kind 'competition' with categories, an entry
// deadline, an outside judge's scores out of `scoreMax`, and awards. The field
// schemas here are shared by the meeting forms and the /api routes; the wire
// types by the pages and the tests.
import { z } from "zod";
import type { Award } from "./awards";

export const MEETING_KINDS = ["critique", "competition"] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];

export const SCORE_MAXES = [10, 15, 20] as const;
export type ScoreMax = (typeof SCORE_MAXES)[number];
export const DEFAULT_SCORE_MAX: ScoreMax = 20;

export const MAX_CATEGORIES = 12;
/** A recurring competition's entries close at most this many days before each meeting. */
export const MAX_CLOSES_DAYS_BEFORE = 60;
export const MAX_CATEGORY_NAME_LENGTH = 60;
export const MAX_ENTRIES_PER_CATEGORY = 100;
export const MAX_CRITIQUE_LENGTH = 5000;
export const MAX_JUDGE_NAME_LENGTH = 120;

/** The awards, best first ('HC' is Highly Commended), in a zod-free module for the night's screens. */
export { AWARD_LABELS, AWARDS, awardOfPlace, type Award } from "./awards";

/** The entry rules and the season's points: club settings, these by default. */
export type CompetitionSettings = {
  entryMinLongEdge: number;
  entryTitleRequired: boolean;
  awardPoints: Record<Award, number>;
  scoredEntryPoints: number;
};
export const DEFAULT_COMPETITION_SETTINGS: CompetitionSettings = {
  entryMinLongEdge: 1600,
  entryTitleRequired: true,
  awardPoints: { "1st": 6, "2nd": 4, "3rd": 2, HC: 1 },
  scoredEntryPoints: 1,
};

export const KIND_MESSAGE = "Kind must be critique or competition.";
export const kindField = z.enum(MEETING_KINDS, { error: KIND_MESSAGE });

export const SCORE_MAX_MESSAGE = "Score out of must be 10, 15 or 20.";
export const scoreMaxField = z.coerce
  .number({ error: SCORE_MAX_MESSAGE })
  .refine((value): value is ScoreMax => (SCORE_MAXES as readonly number[]).includes(value), SCORE_MAX_MESSAGE)
  .transform((value) => value as ScoreMax);

const categoryName = z
  .string({ error: "A category needs a name." })
  .trim()
  .min(1, "A category needs a name.")
  .max(MAX_CATEGORY_NAME_LENGTH, `A category's name must be at most ${MAX_CATEGORY_NAME_LENGTH} characters.`);

const ENTRIES_MESSAGE = `Entries per member must be a whole number from 1 to ${MAX_ENTRIES_PER_CATEGORY}.`;
const maxEntries = z.coerce
  .number({ error: ENTRIES_MESSAGE })
  .int(ENTRIES_MESSAGE)
  .min(1, ENTRIES_MESSAGE)
  .max(MAX_ENTRIES_PER_CATEGORY, ENTRIES_MESSAGE)
  .default(1);

/** A category as sent: an `id` names an existing one (kept, perhaps renamed); without one it is new. */
export const CategoryInputSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  name: categoryName,
  maxEntries,
});
export type CategoryInput = z.output<typeof CategoryInputSchema>;

/** A form's blank category rows (no name, no number) are left out; none left is no list. */
function withoutBlankRows(value: unknown) {
  if (!Array.isArray(value)) return value;
  const rows = value.filter(
    (row) =>
      typeof row !== "object" ||
      row === null ||
      Object.values(row).some((field) => field !== undefined && field !== ""),
  );
  return rows.length > 0 ? rows : undefined;
}

const categoryList = z
  .array(CategoryInputSchema, { error: "Categories must be a list." })
  .min(1, "A competition needs at least one category.")
  .max(MAX_CATEGORIES, `A competition may have at most ${MAX_CATEGORIES} categories.`)
  .refine(
    (categories) => new Set(categories.map((category) => category.name.toLowerCase())).size === categories.length,
    "Each category needs a name of its own.",
  );
export const categoriesField = z.preprocess(withoutBlankRows, categoryList.optional());

const CLOSES_DAYS_MESSAGE = `Entries close must be a whole number of days from 0 to ${MAX_CLOSES_DAYS_BEFORE} before each meeting.`;
const closesDaysBeforeField = z.coerce
  .number({ error: CLOSES_DAYS_MESSAGE })
  .int(CLOSES_DAYS_MESSAGE)
  .min(0, CLOSES_DAYS_MESSAGE)
  .max(MAX_CLOSES_DAYS_BEFORE, CLOSES_DAYS_MESSAGE);

/** A recurring competition's fields: its meetings' categories and score out of, and when their entries close. */
export const templateCompetitionFields = {
  kind: kindField.optional(),
  categories: categoriesField,
  scoreMax: scoreMaxField.nullish(),
  closesDaysBefore: closesDaysBeforeField.nullish(),
};

/** A recurring critique night has no categories or entry deadline (the service checks a competition's are whole). */
export function templateKindFits(
  value: { kind?: MeetingKind; categories?: unknown; closesDaysBefore?: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.kind !== "critique") return;
  for (const key of ["categories", "closesDaysBefore"] as const) {
    if (value[key] !== undefined && value[key] !== null)
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: "Only a competition has categories, a deadline and a score.",
      });
  }
}

export type CategoryJson = { id: number; name: string; maxEntries: number };

/** A competition's own fields on a meeting's JSON (null for a critique night). */
export type CompetitionFieldsJson = {
  kind: MeetingKind;
  categories: CategoryJson[];
  closesAt: string | null;
  scoreMax: ScoreMax | null;
  resultsPublishedAt: string | null;
};

/** 'Colour/07 - Doorway.jpg': an entry's name in the originals' archive, never its author's. */
export function entryFileName(category: string, number: number, title: string | null, extension: string): string {
  const safe = (text: string) =>
    text
      .normalize("NFC")
      .replace(/[\p{Cc}/\\:*?"<>|]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 80);
  const name = safe(title ?? "") || "Untitled";
  return `${safe(category) || "Category"}/${String(number).padStart(2, "0")} - ${name}.${extension}`;
}
