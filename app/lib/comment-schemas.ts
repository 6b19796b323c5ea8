// zod schemas for ratings and comments, shared by the photo screens' forms
// (client), their actions and the /api routes (server).
import { z } from "zod";
import { MAX_RATING } from "./ratings";

export const MAX_COMMENT_LENGTH = 5000;

/** A whole number from JSON, or from a form's text ("3"); anything else is left for the number check to refuse. */
const wholeNumber = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: `${label} must be a whole number.` }).int(`${label} must be a whole number.`),
  );

/** POST /api/photos/{id}/rate {value}: 1 to 5 sets the member's rating, 0 clears it. */
export const RateSchema = z.object({
  value: wholeNumber("Rating").pipe(
    z.number().min(0, "Rating must be 0 to 5.").max(MAX_RATING, `Rating must be 0 to ${MAX_RATING}.`),
  ),
});
export type Rate = z.output<typeof RateSchema>;

/** A comment's text: trimmed, not empty, at most 5,000 characters; stored and answered as plain text. */
const body = z
  .string({ error: "Body must be text." })
  .trim()
  .min(1, "Body must not be empty.")
  .max(MAX_COMMENT_LENGTH, `Body must be at most ${MAX_COMMENT_LENGTH} characters.`);

/** POST /api/comments {PhotoId, body}. */
export const NewCommentSchema = z.object({
  PhotoId: wholeNumber("PhotoId").pipe(
    z
      .number()
      .positive("PhotoId must be positive.")
      .max(2 ** 31 - 1, "PhotoId is not a known id."),
  ),
  body,
});
export type NewComment = z.output<typeof NewCommentSchema>;

/** PATCH /api/comments/{id} {body}. */
export const CommentEditSchema = z.object({ body });
export type CommentEdit = z.output<typeof CommentEditSchema>;

/** GET /api/comments?page. */
export const CommentFeedQuerySchema = z.object({
  page: wholeNumber("Page")
    .pipe(
      z
        .number()
        .min(1, "Page must be 1 or more.")
        .max(2 ** 31 - 1, "Page is too large."),
    )
    .default(1),
});
