import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Link, useActionData } from "react-router";
import { apiFetch } from "~/lib/api-client";
import { LICENSES } from "~/lib/licenses";
import { MAX_CAPTION_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_LINK_LENGTH, PhotoEditSchema } from "~/lib/photo-schemas";
import type { PhotoJson } from "~/lib/club-json";
import { FormErrors, SelectField, TextAreaField, TextField } from "./forms/fields";
import { useClubForm } from "./forms/use-club-form";
import { fitsKeepalive } from "./typed-drafts";
import { SavedNote, usePhotoEditFetcher } from "./photo-edit-fetcher";
import { EDIT_PHOTO_STEP, useHereWith } from "./photo-steps";
import { useHydrated } from "./use-hydrated";
import { useSavedAsTyped } from "./use-saved-as-typed";

type EditReply = { result?: SubmissionResult<string[]> } | undefined;

/** The edit form's answer to a plain post (no JavaScript): the page's action data, when it is this photo's. */
function usePlainEditResult(photoId: number) {
  const reply = useActionData() as EditReply;
  const result = reply && typeof reply === "object" && "result" in reply ? reply.result : undefined;
  const initial = result?.initialValue as Record<string, unknown> | null | undefined;
  return initial?.photoId === String(photoId) && initial?.intent === "update" ? result : undefined;
}

// The schema also reads the API's JSON (null clears a field); the form's inputs only ever send text.
const text = (meta: FieldMetadata<unknown>) => meta as FieldMetadata<string | undefined>;

type EditablePhoto = Pick<PhotoJson, "id" | "caption" | "description" | "license" | "acquireLicensePage" | "filename">;

/** How long after the last keystroke a form that saves as it is typed in saves (as the notes do). */
export const EDIT_AUTOSAVE_MS = 500;

const DRAFT_FIELDS = ["caption", "description", "license", "acquireLicensePage"] as const;
/** What is typed into the edit form, field by field, as its inputs hold it. */
type EditDraft = Record<(typeof DRAFT_FIELDS)[number], string>;

function readDraft(form: HTMLFormElement): EditDraft {
  const data = new FormData(form);
  const value = (name: string) => {
    const entry = data.get(name);
    return typeof entry === "string" ? entry : "";
  };
  return Object.fromEntries(DRAFT_FIELDS.map((name) => [name, value(name)])) as EditDraft;
}

/**
 * The draft as PATCH /api/photos/{id} takes it: each field its schema accepts
 * (an empty one clears it), and the messages of those it refuses, left out
 * (a licence page half typed), so the rest is saved meanwhile.
 */
function draftEdit(draft: EditDraft) {
  const edit: Partial<EditDraft> = {};
  const refused: string[] = [];
  for (const name of DRAFT_FIELDS) {
    const parsed = PhotoEditSchema.shape[name].safeParse(draft[name]);
    if (parsed.success) edit[name] = draft[name];
    else refused.push(...parsed.error.issues.map((issue) => issue.message));
  }
  return { edit, refused };
}

class RefusedDraftError extends Error {}

async function saveDraft(photoId: number, draft: EditDraft, leaving: boolean) {
  const { edit, refused } = draftEdit(draft);
  if (Object.keys(edit).length > 0) {
    await apiFetch(`/api/photos/${photoId}`, {
      method: "PATCH",
      json: edit,
      keepalive: leaving && fitsKeepalive(edit),
    });
  }
  // Not all saved: the form says which, and leaving asks first.
  if (refused.length > 0) throw new RefusedDraftError(refused.join(" "));
}

/**
 * Saves the form as it is typed in (the upload page: a caption typed straight
 * after uploading is never lost): a moment after typing stops, when a field
 * loses focus, and as the page is left (useSavedAsTyped). The Save button still
 * saves it all at once through the page's action.
 */
function useEditSavedAsTyped(photoId: number, on: boolean) {
  const [refused, setRefused] = useState<string | null>(null);
  const { state, typed, flush } = useSavedAsTyped({
    key: photoId,
    delayMs: EDIT_AUTOSAVE_MS,
    send: async (id: number, draft: EditDraft, leaving: boolean) => {
      try {
        await saveDraft(id, draft, leaving);
        setRefused(null);
      } catch (error) {
        setRefused(error instanceof RefusedDraftError ? error.message : null);
        throw error;
      }
    },
    canOutlivePage: (draft: EditDraft) => {
      const { edit, refused } = draftEdit(draft);
      return refused.length === 0 && fitsKeepalive(edit);
    },
  });
  const message =
    state === "saving"
      ? "Saving..."
      : state === "saved"
        ? "Changes saved."
        : state === "failed"
          ? refused
            ? `Not saved: ${refused}`
            : "Your changes could not be saved."
          : null;
  const formProps = on
    ? {
        onChange: (event: React.FormEvent<HTMLFormElement>) => typed(readDraft(event.currentTarget)),
        onBlur: flush,
      }
    : {};
  return { formProps, message: on ? message : null };
}

/**
 * The owner's photo form: caption, description, licence
 * and the page to acquire a licence; the filename is shown read-only.
 * Saved through the page's action; 'Photo updated!' once saved. With
 * `savesAsTyped` (the upload page) it also saves itself as it is typed in.
 */
export function PhotoEditForm({
  photo,
  onCancel,
  savesAsTyped = false,
}: {
  photo: EditablePhoto;
  onCancel?: () => void;
  savesAsTyped?: boolean;
}) {
  const { fetcher, result, saved } = usePhotoEditFetcher(photo.id);
  const autosave = useEditSavedAsTyped(photo.id, savesAsTyped);
  const plainResult = usePlainEditResult(photo.id);
  const hydrated = useHydrated();
  const hereWith = useHereWith();
  const { form, fields, hasFieldErrors } = useClubForm({
    id: `photo-edit-${photo.id}`,
    schema: PhotoEditSchema,
    lastResult: result ?? plainResult,
    defaultValue: {
      caption: photo.caption ?? "",
      description: photo.description ?? "",
      license: photo.license as (typeof LICENSES)[number]["value"],
      acquireLicensePage: photo.acquireLicensePage ?? "",
    },
  });

  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      {...autosave.formProps}
      className="stack"
      aria-label="Edit photo"
    >
      <FormErrors id={form.errorId} errors={form.errors} hasFieldErrors={hasFieldErrors} />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="photoId" value={photo.id} />
      {hydrated ? null : <input type="hidden" name="returnTo" value={hereWith({ [EDIT_PHOTO_STEP]: null })} />}
      <TextField label="Caption" meta={text(fields.caption)} max={MAX_CAPTION_LENGTH} />
      <TextAreaField label="Description" meta={fields.description} rows={4} max={MAX_DESCRIPTION_LENGTH} />
      <SelectField label="Licence" meta={fields.license} options={LICENSES} />
      <TextField label="Acquire licence page" meta={text(fields.acquireLicensePage)} type="url" max={MAX_LINK_LENGTH} />
      <div className="field">
        <label htmlFor={`photo-filename-${photo.id}`}>Filename</label>
        <input id={`photo-filename-${photo.id}`} value={photo.filename} readOnly />
      </div>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={fetcher.state !== "idle"}>
          Save
        </button>
        {onCancel && hydrated ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : onCancel ? (
          <Link to={hereWith({ [EDIT_PHOTO_STEP]: null })} className="button">
            Cancel
          </Link>
        ) : null}
        <SavedNote message={saved} />
        {autosave.message ? (
          <span role="status" className="muted">
            {autosave.message}
          </span>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
