// zod schemas for ratings and comments, shared by the photo screens' forms
// (client), their actions and the /api routes (server).
import { z } from "zod";
import { MAX_COMMENT_LENGTH, MAX_RATING } from "./ratings";

export { MAX_COMMENT_LENGTH };

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

/** A crop's smallest side, as a fraction of the photo's (1%: about 20 px of the large size). */
export const MIN_CROP_SIZE = 0.01;

// Sums of fractions sent to four places may pass 1 by a rounding error.
const ROUNDING = 1e-6;

const fraction = (label: string) =>
  z
    .number({ error: `${label} must be a number from 0 to 1.` })
    .min(0, `${label} must be from 0 to 1.`)
    .max(1, `${label} must be from 0 to 1.`);

const side = (label: string) =>
  fraction(label).min(MIN_CROP_SIZE, `${label} must be at least ${MIN_CROP_SIZE} (the crop is too small).`);

/**
 * The region of the photo a comment is about, as fractions of the image
 * (x, y the top-left corner): on the photo (x + width and y + height at most
 * 1) and not smaller than MIN_CROP_SIZE either way.
 */
export const CommentCropSchema = z
  .object(
    { x: fraction("Crop x"), y: fraction("Crop y"), width: side("Crop width"), height: side("Crop height") },
    { error: "Crop must be an object with x, y, width and height." },
  )
  .strict()
  .superRefine((crop, context) => {
    if (crop.x + crop.width > 1 + ROUNDING)
      context.addIssue({ code: "custom", path: ["width"], message: "Crop x + width must be at most 1." });
    if (crop.y + crop.height > 1 + ROUNDING)
      context.addIssue({ code: "custom", path: ["height"], message: "Crop y + height must be at most 1." });
  });
export type CommentCrop = z.output<typeof CommentCropSchema>;

/** POST /api/comments {PhotoId, body, crop?}: crop null or left out for a comment on the whole photo. */
export const NewCommentSchema = z.object({
  PhotoId: wholeNumber("PhotoId").pipe(
    z
      .number()
      .positive("PhotoId must be positive.")
      .max(2 ** 31 - 1, "PhotoId is not a known id."),
  ),
  body,
  crop: CommentCropSchema.nullish(),
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
