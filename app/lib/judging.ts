// An outside judge's side of a competition: what an admin sends to invite one,
// what the judge sends for each entry, and what the judge's page receives.
// Nothing here names a member: until the results are published the judge sees
// entries by category and number only.
import { z } from "zod";
import { MAX_CRITIQUE_LENGTH, MAX_JUDGE_NAME_LENGTH, type ScoreMax } from "./competitions";

export const JudgeInviteSchema = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(MAX_JUDGE_NAME_LENGTH, `Name must be at most ${MAX_JUDGE_NAME_LENGTH} characters.`),
  email: z
    .string({ error: "Email must be an email address." })
    .trim()
    .max(254, "Email must be at most 254 characters.")
    .pipe(z.email({ error: "Email must be an email address." })),
});
export type JudgeInvite = z.output<typeof JudgeInviteSchema>;

/** PUT /api/judge/{token}/scores/{photoId}: the service checks the score against the competition's score out of. */
export const ScoreSchema = z.object({
  score: z.coerce
    .number({ error: "Score must be a whole number." })
    .int("Score must be a whole number.")
    .min(1, "Score must be at least 1.")
    .max(20, "Score must be at most 20."),
  critique: z
    .string({ error: "Critique must be text." })
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(MAX_CRITIQUE_LENGTH, `Critique must be at most ${MAX_CRITIQUE_LENGTH} characters.`))
    .default(""),
});
export type ScoreInput = z.output<typeof ScoreSchema>;

export type JudgeJson = { id: number; name: string; email: string; createdAt: string };

/** One entry as the judge sees it: its number in the competition, its title, its picture; never its author. */
export type JudgedEntryJson = {
  number: number;
  photoId: number;
  title: string | null;
  thumbUrl: string | null;
  largeUrl: string | null;
  width: number | null;
  height: number | null;
  score: number | null;
  critique: string;
};

export type JudgingJson = {
  judge: { name: string };
  competition: { id: number; title: string; startsAt: string; scoreMax: ScoreMax };
  categories: { id: number; name: string; entries: JudgedEntryJson[] }[];
  /** How many entries have a score, of how many. */
  scored: number;
  total: number;
};
