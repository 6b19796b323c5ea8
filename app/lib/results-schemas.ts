// The query of the season's standings (GET /api/standings and /meetings/standings).
import { z } from "zod";
import { isPlausibleYear } from "./photo-schemas";

/** ?year=YYYY: a plausible four-digit year; left out, this year on the club's clock. */
const yearQuery = z
  .string()
  .regex(/^\d{4}$/, "Year must be a four-digit year.")
  .transform(Number)
  .refine((year) => isPlausibleYear(year), "Year must be a four-digit year.")
  .optional();

export const StandingsQuerySchema = z.object({
  year: yearQuery,
  /** A competition category's season (its name, as the year's competitions spell it). */
  category: z
    .string()
    .trim()
    .min(1, "Category must be a category's name.")
    .max(60, "Category must be a category's name.")
    .optional(),
});
export type StandingsQuery = z.output<typeof StandingsQuerySchema>;

/** /winners?year=YYYY: the winners gallery's year (this year on the club's clock when left out). */
export const WinnersQuerySchema = z.object({ year: yearQuery });
