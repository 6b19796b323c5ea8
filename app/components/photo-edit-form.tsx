import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { LICENSES } from "~/lib/licenses";
import { PhotoEditSchema } from "~/lib/photo-schemas";
import type { photoFormAction } from "~/routes/photos/photo-forms.server";
import type { PhotoJson } from "~/services/photos/json.server";
import { ErrorModal } from "./error-modal";
import { FormErrors, SelectField, TextAreaField, TextField } from "./forms/fields";
import { useClubForm } from "./forms/use-club-form";
import { useFetcherRefusal } from "./forms/use-fetcher-refusal";

// The schema also reads the API's JSON (null clears a field); the form's inputs only ever send text.
const text = (meta: FieldMetadata<unknown>) => meta as FieldMetadata<string | undefined>;

type EditablePhoto = Pick<PhotoJson, "id" | "caption" | "description" | "license" | "acquireLicensePage" | "filename">;

/** The fetcher of a photo's edit form, shared by the form and the detail that says it was saved. */
export function usePhotoEditFetcher(photoId: number) {
  const fetcher = useFetcher<typeof photoFormAction>({ key: `photo-edit-${photoId}` });
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const result = reply && "result" in reply ? reply.result : undefined;
  const saved = reply && "message" in reply && typeof reply.message === "string" ? reply.message : null;
  return { fetcher, result, saved };
}

/** 'Photo updated!' beside the button that saved it, read out by screen readers. */
export function SavedNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <span role="status" className="status-note">
      {message}
    </span>
  );
}

/**
 * The owner's photo form (spec sections 4 and 5): caption, description, licence
 * and the page to acquire a licence; the filename is shown read-only.
 * Saved through the page's action; 'Photo updated!' once saved.
 */
export function PhotoEditForm({ photo, onCancel }: { photo: EditablePhoto; onCancel?: () => void }) {
  const { fetcher, result, saved } = usePhotoEditFetcher(photo.id);
  const { form, fields, hasFieldErrors } = useClubForm({
    id: `photo-edit-${photo.id}`,
    schema: PhotoEditSchema,
    lastResult: result,
    defaultValue: {
      caption: photo.caption ?? "",
      description: photo.description ?? "",
      license: photo.license as (typeof LICENSES)[number]["value"],
      acquireLicensePage: photo.acquireLicensePage ?? "",
    },
  });

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="stack" aria-label="Edit photo">
      <FormErrors id={form.errorId} errors={form.errors} hasFieldErrors={hasFieldErrors} />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="photoId" value={photo.id} />
      <TextField label="Caption" meta={text(fields.caption)} />
      <TextAreaField label="Description" meta={fields.description} rows={4} />
      <SelectField label="License" meta={fields.license} options={LICENSES} />
      <TextField label="Acquire License Page" meta={text(fields.acquireLicensePage)} type="url" />
      <div className="field">
        <label htmlFor={`photo-filename-${photo.id}`}>Filename</label>
        <input id={`photo-filename-${photo.id}`} value={photo.filename} readOnly />
      </div>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={fetcher.state !== "idle"}>
          Save
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <SavedNote message={saved} />
      </div>
    </fetcher.Form>
  );
}

/** Delete with the spec's confirmation; `returnTo` is the list to go back to (none: stay). */
export function DeletePhotoButton({
  photoId,
  returnTo,
  onDeleted,
}: {
  photoId: number;
  returnTo?: string;
  onDeleted?: () => void;
}) {
  const fetcher = useFetcher<typeof photoFormAction>({ key: `photo-delete-${photoId}` });
  const [refusal, dismiss] = useFetcherRefusal(fetcher);
  const deleted =
    fetcher.state === "idle" && !!fetcher.data && "intent" in fetcher.data && fetcher.data.intent === "delete";
  useEffect(() => {
    if (deleted) onDeleted?.();
  }, [deleted, onDeleted]);
  return (
    <>
      <fetcher.Form
        method="post"
        onSubmit={(event) => {
          if (!window.confirm("Are you sure you wish to delete this photo? This cannot be undone."))
            event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="photoId" value={photoId} />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <button type="submit" className="button danger" disabled={fetcher.state !== "idle"}>
          Delete
        </button>
      </fetcher.Form>
      <ErrorModal title="An error has occurred" message={refusal} onClose={dismiss} />
    </>
  );
}
