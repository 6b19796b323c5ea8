// zod schemas for the club's own settings: its name, chosen at setup (with the
// first admin's account, account-schemas.ts) and changed by admins on /admin/club,
// the standings' placing points, and the competitions' settings, changed there too.
import { z } from "zod";
import { MAX_PLACING_POINTS, type PlacingPoints } from "./results";

/** The club's name: the navbar, every page's title, the footer, every e-mail. */
export const ClubNameSchema = z
  .string({ error: "Club name is required." })
  .trim()
  .min(1, "Club name is required.")
  .max(100, "Club name must be at most 100 characters.");

export const ClubSettingsSchema = z.object({ clubName: ClubNameSchema });

export type ClubSettings = z.infer<typeof ClubSettingsSchema>;

/** One place's points: a whole number from 0 to MAX_PLACING_POINTS. */
const placePoints = (place: string) => {
  const message = `Points for a ${place} place must be a whole number from 0 to ${MAX_PLACING_POINTS}.`;
  return z.number({ error: message }).int(message).min(0, message).max(MAX_PLACING_POINTS, message);
};

/**
 * The standings' points for a first, second and third place (/admin/club):
 * bounded, and each place worth no more than the one above it. No transform
 * (Conform reads the form's constraints from the schema): placingPointsOf.
 */
export const PlacingPointsSchema = z
  .object({
    firstPlacePoints: placePoints("first"),
    secondPlacePoints: placePoints("second"),
    thirdPlacePoints: placePoints("third"),
  })
  .refine((p) => p.secondPlacePoints <= p.firstPlacePoints, {
    path: ["secondPlacePoints"],
    message: "A second place cannot be worth more than a first.",
  })
  .refine((p) => p.thirdPlacePoints <= p.secondPlacePoints, {
    path: ["thirdPlacePoints"],
    message: "A third place cannot be worth more than a second.",
  });

/** The form's three numbers as the club's placing points. */
export const placingPointsOf = (form: z.output<typeof PlacingPointsSchema>): PlacingPoints => ({
  first: form.firstPlacePoints,
  second: form.secondPlacePoints,
  third: form.thirdPlacePoints,
});

/** Hours after a meeting starts that its submissions close, by default: the meeting's two hours. */
export const DEFAULT_SUBMISSIONS_CLOSE_HOURS = 2;
/** The most that may be set: two weeks. */
export const MAX_SUBMISSIONS_CLOSE_HOURS = 24 * 14;

const submissionsCloseHours = (() => {
  const message = `Submissions must close a whole number of hours from 0 to ${MAX_SUBMISSIONS_CLOSE_HOURS} after a meeting starts.`;
  return z.number({ error: message }).int(message).min(0, message).max(MAX_SUBMISSIONS_CLOSE_HOURS, message);
})();

/** /admin/club's form for when a meeting's submissions close (PATCH /api/club's submissionsCloseHours). */
export const SubmissionsCloseFormSchema = z.object({ submissionsCloseHours });

/** The most a projected image's shortest long edge may be set to. */
export const MAX_ENTRY_LONG_EDGE = 20_000;

const awardPoints = (what: string) => {
  const message = `Points for ${what} must be a whole number from 0 to ${MAX_PLACING_POINTS}.`;
  return z.number({ error: message }).int(message).min(0, message).max(MAX_PLACING_POINTS, message);
};

const entryMinLongEdge = z
  .number({ error: "The shortest long edge must be a number of pixels." })
  .int("The shortest long edge must be a whole number of pixels.")
  .min(0, "The shortest long edge must be 0 or more.")
  .max(MAX_ENTRY_LONG_EDGE, "The shortest long edge must be at most 20,000 px.");
const entryTitleRequired = z.boolean({ error: "Whether a title is required must be true or false." });
const winnersGallery = z.boolean({ error: "The winners gallery must be true or false." });

/**
 * /admin/club's competition form: the entry rules, the season's points and the winners gallery, the
 * PATCH's fields under a form's flat names (an unticked box sends nothing: no). competitionPatchOf.
 */
export const CompetitionSettingsFormSchema = z.object({
  entryMinLongEdge,
  entryTitleRequired: entryTitleRequired.optional(),
  firstAwardPoints: awardPoints("a 1st"),
  secondAwardPoints: awardPoints("a 2nd"),
  thirdAwardPoints: awardPoints("a 3rd"),
  commendedAwardPoints: awardPoints("a Highly Commended"),
  scoredEntryPoints: awardPoints("each entry scored"),
  winnersGallery: winnersGallery.optional(),
});

/** The form's values as the club's settings (PATCH /api/club's shape). */
export const competitionPatchOf = (form: z.output<typeof CompetitionSettingsFormSchema>) => ({
  entryMinLongEdge: form.entryMinLongEdge,
  entryTitleRequired: form.entryTitleRequired ?? false,
  awardPoints: {
    "1st": form.firstAwardPoints,
    "2nd": form.secondAwardPoints,
    "3rd": form.thirdAwardPoints,
    HC: form.commendedAwardPoints,
  },
  scoredEntryPoints: form.scoredEntryPoints,
  winnersGallery: form.winnersGallery ?? false,
});

/**
 * PATCH /api/club (admins): any of the club's settings; a missing one stays as it is. The
 * competitions' entry rules and season points, whether visitors see the winners gallery, and
 * how many hours after a meeting starts its submissions close.
 */
export const ClubPatchSchema = z.strictObject(
  {
    name: ClubNameSchema.optional(),
    placingPoints: z
      .object({ first: placePoints("first"), second: placePoints("second"), third: placePoints("third") })
      .refine((p) => p.second <= p.first && p.third <= p.second, "A place cannot be worth more than the one above it.")
      .optional(),
    entryMinLongEdge: entryMinLongEdge.optional(),
    entryTitleRequired: entryTitleRequired.optional(),
    awardPoints: z
      .object({
        "1st": awardPoints("a 1st"),
        "2nd": awardPoints("a 2nd"),
        "3rd": awardPoints("a 3rd"),
        HC: awardPoints("a Highly Commended"),
      })
      .optional(),
    scoredEntryPoints: awardPoints("each entry scored").optional(),
    winnersGallery: winnersGallery.optional(),
    submissionsCloseHours: submissionsCloseHours.optional(),
  },
  {
    error:
      "Send only the club's settings: name, placingPoints, entryMinLongEdge, entryTitleRequired, awardPoints, scoredEntryPoints, winnersGallery, submissionsCloseHours.",
  },
);
export type ClubPatch = z.output<typeof ClubPatchSchema>;
