import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { LICENSES } from "~/lib/licenses";
import { PhotoEditSchema } from "~/lib/photo-schemas";
import type { PhotoJson } from "~/services/photos/json.server";
import type { PhotoFormResult } from "~/routes/photos/photo-forms.server";
import { FieldErrors, FormErrors, TextField } from "./forms/fields";

type EditablePhoto = Pick<PhotoJson, "id" | "caption" | "description" | "license" | "acquireLicensePage" | "filename">;

/**
 * The owner's photo form (spec sections 4 and 5): caption, description, licence
 * and the page to acquire a licence; the filename is shown read-only.
 * Saved through the page's action; 'Photo updated!' once saved.
 */
export function PhotoEditForm({ photo, onCancel }: { photo: EditablePhoto; onCancel?: () => void }) {
  const fetcher = useFetcher<PhotoFormResult>({ key: `photo-edit-${photo.id}` });
  const reply = fetcher.data?.intent === "update" && fetcher.data.photoId === photo.id ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: `photo-edit-${photo.id}`,
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    constraint: getZodConstraint(PhotoEditSchema),
    defaultValue: {
      caption: photo.caption ?? "",
      description: photo.description ?? "",
      license: photo.license,
      acquireLicensePage: photo.acquireLicensePage ?? "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PhotoEditSchema }),
  });
  const saved = fetcher.state === "idle" && reply?.message;

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="stack" aria-label="Edit photo">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="photoId" value={photo.id} />
      <TextField label="Caption" meta={fields.caption} />
      <div className="field">
        <label htmlFor={fields.description.id}>Description</label>
        <textarea
          {...getTextareaProps(fields.description, { ariaAttributes: true })}
          key={fields.description.key}
          rows={4}
        />
        <FieldErrors id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.license.id}>License</label>
        <select {...getSelectProps(fields.license, { ariaAttributes: true })} key={fields.license.key}>
          {LICENSES.map((license) => (
            <option key={license.value} value={license.value}>
              {license.label}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.license.errorId} errors={fields.license.errors} />
      </div>
      <TextField label="Acquire License Page" meta={fields.acquireLicensePage} type="url" />
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
        {saved ? (
          <span role="status" className="status-note">
            {saved}
          </span>
        ) : null}
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
  const fetcher = useFetcher<PhotoFormResult>({ key: `photo-delete-${photoId}` });
  const deleted = fetcher.state === "idle" && fetcher.data?.intent === "delete";
  useEffect(() => {
    if (deleted) onDeleted?.();
  }, [deleted, onDeleted]);
  return (
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
  );
}
