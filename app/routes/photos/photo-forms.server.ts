// The photo forms on the screens (the photo detail on every list, the upload
// screen, the year view): one action for all of them, told apart by `intent`,
// parsing with the same schemas and calling the same services as /api/photos,
// /api/photos/{id}/rate and /api/comments.
// The edit form answers as every Conform form does (invalidForm, replyToRefusal);
// the fetchers' buttons (featured year, reorder, delete, rate) and the comment
// forms answer a refusal as `{ error }` (refusalMessage), which the screen shows
// in the error modal.
// Without JavaScript every form here posts as a plain form with a `returnTo`
// (rating, comments, the edit form, the featured year, delete after its
// confirmation step): once done, the browser goes back there (so a reload does
// not post again). With JavaScript they post through fetchers, without it, and
// stay put. A refusal of a plain post comes back as the page's action data.
import { data, redirect } from "react-router";
import { CommentCropSchema, CommentEditSchema, RateSchema } from "~/lib/comment-schemas";
import { FeatureOrderFormSchema, FeatureSchema, PhotoEditSchema } from "~/lib/photo-schemas";
import { safeRedirect } from "~/lib/safe-redirect";
import { idParam } from "~/services/id-params.server";
import { invalidForm, parseForm, readForm, refusalMessage, replyToRefusal } from "~/server/forms.server";
import { redirectWithFlash } from "~/server/flash.server";
import { requireMember } from "~/server/guards.server";
import { requestLog } from "~/base/logger.server";
import { page } from "~/server/pages.server";
import type { Member } from "~/lib/member";
import { InvalidError } from "~/services/errors.server";
import { featurePhoto, reorderFeatures } from "~/services/photos/features.server";
import { PHOTO_NOT_FOUND_MESSAGE } from "~/services/photos/ownership.server";
import { deletePhoto, updatePhoto } from "~/services/photos/photos.server";
import { createComment, deleteComment, editComment } from "~/services/ratings/comments.server";
import { ratePhoto } from "~/services/ratings/ratings.server";

export const PHOTO_UPDATED_MESSAGE = "Photo updated!";
export const NOTES_SAVED_MESSAGE = "Saved!";
export const CAPTION_SAVED_MESSAGE = "Caption saved.";

type Form = { member: Member; request: Request; formData: FormData };

/** The photo a form names; a malformed id names none (404, the page's error screen). */
function photoIdIn(formData: FormData): number {
  const raw = formData.get("photoId");
  return idParam(PHOTO_NOT_FOUND_MESSAGE)(typeof raw === "string" ? raw : undefined);
}

/** The comment a form names; a malformed id names none (404). */
function commentIdIn(formData: FormData): number {
  const raw = formData.get("commentId");
  return idParam("Comment not found.")(typeof raw === "string" ? raw : undefined);
}

/** A fetcher's post that fails its schema (only a hand-made request can): one message for the modal. */
const unreadable = (message: string) => refusalMessage(new InvalidError([], message));

/** A schema's refusal in its own words, all its messages in one. */
const unreadableIssues = (error: { issues: { message: string }[] }) =>
  unreadable(error.issues.map((issue) => issue.message).join(" "));

/** What a comment form's schema refused, in its own words ('Body must not be empty.'). */
function schemaMessages(error: Record<string, string[] | null> | null | undefined, fallback: string) {
  const messages = Object.values(error ?? {}).flatMap((list) => list ?? []);
  return messages.length ? messages.join(" ") : fallback;
}

/** A comment's text refused by its schema: answered as the box's own error (`field`), which the form shows under it. */
const bodyRefused = (error: { issues: { message: string }[] }) =>
  data({ error: error.issues.map((issue) => issue.message).join(" "), field: "body" as const }, { status: 422 });

/**
 * A comment form's body, read by the shared schema as the API reads it. Not
 * through Conform, which reads an empty field as missing: an empty box is
 * 'Body must not be empty.', as through the API, not 'Body must be text.'.
 */
function commentBody(formData: FormData) {
  const body = formData.get("body");
  const parsed = CommentEditSchema.safeParse({ body: body ?? undefined });
  return parsed.success ? { body: parsed.data.body } : { error: bodyRefused(parsed.error) };
}

/**
 * The region of a comment made with 'Comment on this crop' in the viewer (its
 * hidden crop.x, crop.y, crop.width, crop.height), read by the API's crop
 * schema; null when the form has none (the comments tab's own box).
 */
function commentCrop(formData: FormData) {
  if (!formData.has("crop.x")) return { crop: null };
  const number = (name: string) => {
    const raw = formData.get(`crop.${name}`);
    return typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  };
  const parsed = CommentCropSchema.safeParse({
    x: number("x"),
    y: number("y"),
    width: number("width"),
    height: number("height"),
  });
  return parsed.success ? { crop: parsed.data } : { error: unreadableIssues(parsed.error) };
}

/** What the 'Error' modal names when a comment fails for a reason nobody foresaw (the details stay in the log). */
export const COMMENT_FAILED_MESSAGE = "The server could not complete it.";

/**
 * A comment post's refusal for the 'Error' modal. Unlike the
 * other buttons, a failure nobody foresaw is answered too (500, logged), not
 * thrown to the error screen, which would lose the text being written.
 */
export function commentRefusal(error: unknown) {
  try {
    return refusalMessage(error);
  } catch {
    requestLog().error({ err: error }, "A comment could not be saved");
    return data({ error: COMMENT_FAILED_MESSAGE }, { status: 500 });
  }
}

/**
 * Back to the page a form without JavaScript was posted from, with `flash` as
 * that page's message when given; a fetcher's post sends no returnTo (null).
 */
async function backTo(formData: FormData, flash?: string) {
  const returnTo = formData.get("returnTo");
  if (typeof returnTo !== "string" || !returnTo) return null;
  return flash ? redirectWithFlash(safeRedirect(returnTo), flash) : redirect(safeRedirect(returnTo));
}

async function saveEdit({ member, request, formData }: Form) {
  const photoId = photoIdIn(formData);
  const submission = await parseForm(request, PhotoEditSchema, formData);
  if (submission.status !== "success") return invalidForm(submission);
  const edit = submission.value;
  try {
    // The form shows every field it edits, so one left empty (a missing key, after Conform) clears it.
    await updatePhoto(member, photoId, {
      ...edit,
      caption: edit.caption ?? null,
      description: edit.description ?? null,
      acquireLicensePage: edit.acquireLicensePage ?? null,
    });
  } catch (error) {
    return replyToRefusal(submission, error);
  }
  // A plain post (no JavaScript) goes back with the message as the page's flash.
  return (
    (await backTo(formData, PHOTO_UPDATED_MESSAGE)) ?? {
      intent: "update" as const,
      result: submission.reply(),
      message: PHOTO_UPDATED_MESSAGE,
    }
  );
}

async function feature({ member, request, formData }: Form) {
  const photoId = photoIdIn(formData);
  const submission = await parseForm(request, FeatureSchema, formData);
  if (submission.status !== "success") return unreadable("Please choose a year.");
  try {
    await featurePhoto(member, photoId, submission.value);
  } catch (error) {
    return refusalMessage(error);
  }
  return (await backTo(formData)) ?? { intent: "feature" as const };
}

async function reorder({ member, request, formData }: Form) {
  const submission = await parseForm(request, FeatureOrderFormSchema, formData);
  if (submission.status !== "success") return unreadable("The new order could not be read.");
  const { year, photoIds } = submission.value;
  try {
    await reorderFeatures(member, member.id, year, photoIds);
  } catch (error) {
    return refusalMessage(error);
  }
  return (await backTo(formData)) ?? { intent: "reorder" as const };
}

async function remove({ member, formData }: Form) {
  const photoId = photoIdIn(formData);
  try {
    await deletePhoto(member, photoId);
  } catch (error) {
    return refusalMessage(error);
  }
  // Back to the list the photo was in; the upload screen just drops the item.
  return (await backTo(formData)) ?? { intent: "delete" as const };
}

/** The owner's private notes from a plain form (with JavaScript they autosave through the API). */
async function saveNotes({ member, formData }: Form) {
  const photoId = photoIdIn(formData);
  const parsed = PhotoEditSchema.pick({ notes: true }).safeParse({ notes: formData.get("notes") ?? "" });
  if (!parsed.success) return unreadableIssues(parsed.error);
  try {
    await updatePhoto(member, photoId, { notes: parsed.data.notes ?? null });
  } catch (error) {
    return refusalMessage(error);
  }
  return (await backTo(formData, NOTES_SAVED_MESSAGE)) ?? { intent: "notes" as const };
}

/**
 * A caption from the upload page's list of one's photos (a form per row; with
 * JavaScript it saves as typed through the API). A refused caption comes back
 * with the words typed, so the row shows them again with the reason.
 */
async function saveCaption({ member, formData }: Form) {
  const photoId = photoIdIn(formData);
  const typed = formData.get("caption");
  const caption = typeof typed === "string" ? typed : "";
  const refused = (error: string) =>
    data({ intent: "caption" as const, photoId, caption, error, field: "caption" as const }, { status: 422 });
  const parsed = PhotoEditSchema.pick({ caption: true }).safeParse({ caption });
  if (!parsed.success) return refused(parsed.error.issues.map((issue) => issue.message).join(" "));
  try {
    await updatePhoto(member, photoId, { caption: parsed.data.caption ?? null });
  } catch (error) {
    return refusalMessage(error);
  }
  return (await backTo(formData, CAPTION_SAVED_MESSAGE)) ?? { intent: "caption" as const, photoId };
}

async function rate({ member, request, formData }: Form) {
  const photoId = photoIdIn(formData);
  const submission = await parseForm(request, RateSchema, formData);
  if (submission.status !== "success") return unreadable(schemaMessages(submission.error, "Please choose a rating."));
  try {
    const rating = await ratePhoto(member, photoId, submission.value);
    return (await backTo(formData)) ?? { intent: "rate" as const, ...rating };
  } catch (error) {
    return refusalMessage(error);
  }
}

/**
 * A comment form's work, answered back to the page (no JavaScript), or with
 * the work's answer for the fetcher, or with the refusal for the modal.
 */
async function answerComment<Answer>(formData: FormData, work: () => Promise<Answer>) {
  try {
    const answer = await work();
    return (await backTo(formData)) ?? answer;
  } catch (error) {
    return commentRefusal(error);
  }
}

async function comment({ member, formData }: Form) {
  const photoId = photoIdIn(formData);
  const edit = commentBody(formData);
  if ("error" in edit) return edit.error;
  const region = commentCrop(formData);
  if ("error" in region) return region.error;
  return answerComment(formData, async () => ({
    intent: "comment" as const,
    comment: await createComment(member, { PhotoId: photoId, body: edit.body, crop: region.crop }),
  }));
}

async function editOwnComment({ member, formData }: Form) {
  const commentId = commentIdIn(formData);
  const edit = commentBody(formData);
  if ("error" in edit) return edit.error;
  return answerComment(formData, async () => ({
    intent: "edit-comment" as const,
    comment: await editComment(member, commentId, edit),
  }));
}

async function removeComment({ member, formData }: Form) {
  const commentId = commentIdIn(formData);
  return answerComment(formData, async () => {
    await deleteComment(member, commentId);
    return { intent: "delete-comment" as const, commentId };
  });
}

/** Each form's `intent` and the handler that answers it. */
const intentHandlers = {
  update: saveEdit,
  feature,
  reorder,
  delete: remove,
  notes: saveNotes,
  caption: saveCaption,
  rate,
  comment,
  "edit-comment": editOwnComment,
  "delete-comment": removeComment,
};

/** The action of every screen that shows photo forms: `export const action = photoFormAction;`. */
export const photoFormAction = page(async ({ request }: { request: Request }) => {
  const member = await requireMember(request);
  const formData = await readForm(request);
  const form = { member, request, formData };
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(intentHandlers, intent)) {
    throw InvalidError.field("intent", "The form could not be read.");
  }
  return intentHandlers[intent as keyof typeof intentHandlers](form);
});
