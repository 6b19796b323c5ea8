// zod schemas for photos, shared by the photo forms (client), the page actions
// and the /api/photos routes (server): creating, editing, featuring, reordering,
// listing. Each field is defined once and every text has a maximum.
import { z } from "zod";
import { LICENSE_VALUES } from "./licenses";
import { FilenameSchema } from "./upload-schemas";
import { MAX_CAPTION_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_LINK_LENGTH, MAX_NOTES_LENGTH } from "./photo-limits";
import { DEFAULT_SORT, PHOTO_SORTS, type PhotoSort } from "./photo-sorts";

// The sorts and the list addresses live apart, free of zod, for the grids' own script (docs/performance.md);
// so do the texts' limits, for the notes box.
export { DEFAULT_SORT, listQuery, pageFrom, PHOTO_SORTS, sortFrom, type PhotoSort } from "./photo-sorts";
export { MAX_CAPTION_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_LINK_LENGTH, MAX_NOTES_LENGTH } from "./photo-limits";

/** At most 12 photos featured per member per year (docs/texts-and-limits.md). */
export const MAX_FEATURED_PER_YEAR = 12;
export const FEATURE_YEAR_FULL_MESSAGE = "There are already 12 photos featured for that year.";

const SORT_VALUES = PHOTO_SORTS.map((sort) => sort.value) as [PhotoSort, ...PhotoSort[]];

/** A row id in a query or a body: PostgreSQL's integer columns end at 2^31 - 1, so a larger one names nothing. */
const rowId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be positive.`)
    .max(2 ** 31 - 1, `${label} is not a known id.`);

const caption = z.string().trim().max(MAX_CAPTION_LENGTH, `Caption must be at most ${MAX_CAPTION_LENGTH} characters.`);
const description = z
  .string()
  .trim()
  .max(MAX_DESCRIPTION_LENGTH, `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters.`);
const notes = z.string().max(MAX_NOTES_LENGTH, `Notes must be at most ${MAX_NOTES_LENGTH} characters.`);
const license = z.enum(LICENSE_VALUES, { error: "Licence must be one of the club's licences." });
const acquireLicensePage = z
  .string()
  .trim()
  .max(MAX_LINK_LENGTH, `Acquire licence page must be at most ${MAX_LINK_LENGTH} characters.`)
  .pipe(z.url({ protocol: /^https?$/, error: "Acquire licence page must be a web address (http or https)." }));

// A missing key leaves a field as it is; an empty string or null clears it. (Not a
// union: Conform would then mark the form's input required.)
const clearable = <T extends z.ZodType<string>>(field: T) =>
  z.preprocess((value) => (value === "" ? null : value), field.nullable()).optional();

/**
 * The owner's edit of a photo, one schema for both ways in: the page's form
 * (caption, description, licence, licence page; the filename is read-only) and
 * PATCH /api/photos/{id}, which may also send any one field, or notes alone.
 * Conform turns an input left empty into a missing key, so the page action
 * clears the form's empty fields itself (photo-forms.server.ts).
 */
export const PhotoEditSchema = z.object({
  caption: clearable(caption),
  description: clearable(description),
  license: license.optional(),
  acquireLicensePage: clearable(acquireLicensePage),
  notes: clearable(notes),
});
export type PhotoEdit = z.output<typeof PhotoEditSchema>;

/** POST /api/photos: a finished upload (its signed id) becomes a photo; licence and page default to the owner's. */
export const NewPhotoSchema = z.object({
  filename: FilenameSchema,
  file: z.string({ error: "File is required." }).min(1, "File is required.").max(512, "The upload is not valid."),
  license: license.nullish(),
  acquireLicensePage: clearable(acquireLicensePage),
});
export type NewPhoto = z.output<typeof NewPhotoSchema>;

const year = z.coerce.number({ error: "Year must be a year." }).int("Year must be a year.").min(1900).max(9999);

/**
 * POST /api/photos/{id}/feature {year, position}, and the year select of the
 * photo detail: null, or the empty choice 'Not featured', un-features the photo.
 */
export const FeatureSchema = z.object({
  year: z.preprocess((value) => (value === "" ? null : value), z.union([z.null(), year])),
  position: z.coerce.number().int().min(1).max(MAX_FEATURED_PER_YEAR).optional(),
});

const featuredPhotoIds = z
  .array(rowId("Photo id"))
  .max(MAX_FEATURED_PER_YEAR)
  .refine((ids) => new Set(ids).size === ids.length, "Each photo may appear once.");

/** PUT /api/photos/features/{userId}/{year}: the owner's new order of the year's featured photos, first to last. */
export const FeatureOrderSchema = z.object({ photoIds: featuredPhotoIds });

/** The same order from the year view's drag and drop, with its year; the ids come joined by commas. */
export const FeatureOrderFormSchema = z.object({
  year,
  photoIds: z
    .string()
    .max(200)
    .transform((ids): unknown[] => ids.split(",").filter(Boolean))
    .pipe(featuredPhotoIds),
});

export const SortSchema = z.enum(SORT_VALUES, { error: `Sort must be one of ${SORT_VALUES.join(", ")}.` });

/** The first year a gallery can show (featured years start here too). */
export const FIRST_YEAR = 1900;

/** A year a gallery may name: from FIRST_YEAR to next year (a clock ahead); '0000' names nothing. */
export function isPlausibleYear(year: number, now = new Date()): boolean {
  return Number.isInteger(year) && year >= FIRST_YEAR && year <= now.getFullYear() + 1;
}

/** A year in a query string: a plausible four-digit year, or 'all'. */
export const YearOrAllSchema = z.union([
  z.literal("all"),
  z
    .string()
    .regex(/^\d{4}$/, "Year must be a four-digit year or all.")
    .transform(Number)
    .refine((year) => isPlausibleYear(year), "Year must be a four-digit year or all."),
]);

/** GET /api/photos query: userId, page, sort; a year other than 'all' (with a userId) replaces page and sort. */
export const PhotoListQuerySchema = z
  .object({
    userId: rowId("User id").optional(),
    page: z.coerce
      .number()
      .int("Page must be a whole number.")
      .min(1, "Page must be 1 or more.")
      .max(2 ** 31 - 1, "Page is too large.")
      .default(1),
    sort: SortSchema.default(DEFAULT_SORT),
    year: YearOrAllSchema.optional(),
  })
  .refine((query) => typeof query.year !== "number" || query.userId !== undefined, {
    path: ["userId"],
    message: "A year needs a userId.",
  });
