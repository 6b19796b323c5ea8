// zod schemas for photos, shared by the photo forms (client), the page actions
// and the /api/photos routes (server): editing, featuring, reordering, listing.
import { z } from "zod";
import { LICENSE_VALUES } from "./licenses";

/** Spec section 9: at most 12 photos featured per member per year. */
export const MAX_FEATURED_PER_YEAR = 12;
export const FEATURE_YEAR_FULL_MESSAGE = "There are already 12 photos featured for that year.";

export const PHOTO_SORTS = [
  { value: "meeting", label: "Meeting" },
  { value: "createdAt", label: "Date Added" },
  { value: "takenAt", label: "Date Taken" },
  { value: "rating", label: "Rating" },
  { value: "myRating", label: "My Rating" },
] as const;
export type PhotoSort = (typeof PHOTO_SORTS)[number]["value"];
export const DEFAULT_SORT: PhotoSort = "meeting";
const SORT_VALUES = PHOTO_SORTS.map((sort) => sort.value) as [PhotoSort, ...PhotoSort[]];

const caption = z.string().trim().max(200, "Caption must be at most 200 characters.");
const description = z.string().trim().max(5000, "Description must be at most 5000 characters.");
const notes = z.string().max(20000, "Notes must be at most 20000 characters.");
const license = z.enum(LICENSE_VALUES, { error: "License must be one of the club's licences." });
const acquireLicensePage = z
  .string()
  .trim()
  .max(2000, "Acquire license page must be at most 2000 characters.")
  .pipe(z.url({ protocol: /^https?$/, error: "Acquire license page must be a web address (http or https)." }));

/**
 * The owner's edit form (caption, description, license, acquireLicensePage; the
 * filename is read-only). Conform turns empty inputs into undefined: a field left
 * empty clears it.
 */
export const PhotoEditSchema = z.object({
  caption: caption.optional(),
  description: description.optional(),
  license,
  acquireLicensePage: acquireLicensePage.optional(),
});
export type PhotoEdit = z.infer<typeof PhotoEditSchema>;

// In JSON an empty string or null clears a field; a missing key leaves it alone.
const clearable = <T extends z.ZodType<string>>(schema: T) =>
  z.union([z.literal("").transform(() => null), z.null(), schema]).optional();

/** PATCH /api/photos/{id}: any of the form fields, or notes only (spec section 7). */
export const PhotoPatchSchema = z.object({
  caption: clearable(caption),
  description: clearable(description),
  notes: clearable(notes),
  license: license.optional(),
  acquireLicensePage: clearable(acquireLicensePage),
});
export type PhotoChanges = {
  caption?: string | null;
  description?: string | null;
  notes?: string | null;
  license?: (typeof LICENSE_VALUES)[number];
  acquireLicensePage?: string | null;
};

const year = z.coerce.number({ error: "Year must be a year." }).int("Year must be a year.").min(1900).max(9999);

/** POST /api/photos/{id}/feature {year, position}: year null (or "") un-features the photo. */
export const FeatureSchema = z.object({
  year: z.union([z.null(), z.literal("").transform(() => null), year]),
  position: z.coerce.number().int().min(1).max(MAX_FEATURED_PER_YEAR).optional(),
});

/** The owner's new order of one year's featured photos, first to last. */
export const FeatureOrderSchema = z.object({
  photoIds: z
    .array(z.coerce.number().int().positive())
    .max(MAX_FEATURED_PER_YEAR)
    .refine((ids) => new Set(ids).size === ids.length, "Each photo may appear once."),
});

export const SortSchema = z.enum(SORT_VALUES, { error: `Sort must be one of ${SORT_VALUES.join(", ")}.` });

/** GET /api/photos query: userId, page, sort; a year other than 'all' replaces page and sort. */
export const PhotoListQuerySchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1, "Page must be 1 or more.").default(1),
  sort: SortSchema.default(DEFAULT_SORT),
  year: z
    .union([
      z.literal("all"),
      z
        .string()
        .regex(/^\d{4}$/, "Year must be a four-digit year or all.")
        .transform(Number),
    ])
    .optional(),
});

/** A sort from a page's query string: an unknown value falls back to the default. */
export function sortFrom(value: string | null): PhotoSort {
  const parsed = SortSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_SORT;
}

/** A page number from a page's query string: anything but a positive integer is page 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
