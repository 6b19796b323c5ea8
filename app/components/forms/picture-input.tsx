import { useEffect, useState } from "react";
import { useDropzone } from "react-dropzone";
import { ApiError } from "~/lib/api-client";
import { directUpload } from "~/lib/direct-upload";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/image-sniff";
import { FieldErrors } from "./fields";

/** The first message a refused upload carries (422 field errors or a message). */
function uploadMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { errors?: { message?: string }[]; message?: string } | null;
    return body?.errors?.[0]?.message ?? body?.message ?? error.message;
  }
  return "The upload failed. Please try again.";
}

/**
 * The profile picture: one image, sent by the direct-upload
 * flow as soon as it is chosen; its signed id goes in the hidden `name` field.
 * While a picture is set the drop zone is disabled until the picture is removed.
 * An empty field means 'no picture'.
 */
export function PictureInput({
  name,
  current,
  maxBytes,
  errors,
  errorId,
  onBusyChange,
}: {
  name: string;
  current: { picture: string | null; pictureUrl: string | null };
  maxBytes: number;
  errors?: string[];
  errorId?: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const [signedId, setSignedId] = useState(current.picture ?? "");
  const [preview, setPreview] = useState<string | null>(current.pictureUrl);
  const [progress, setProgress] = useState<number | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const uploading = progress !== null;

  useEffect(() => onBusyChange?.(uploading), [uploading, onBusyChange]);
  // A preview made from a local file is released when replaced or unmounted.
  useEffect(() => () => void (preview?.startsWith("blob:") && URL.revokeObjectURL(preview)), [preview]);

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPTED_IMAGE_TYPES,
    maxSize: maxBytes,
    maxFiles: 1,
    multiple: false,
    disabled: Boolean(signedId) || uploading,
    onDrop: async (accepted, rejections) => {
      setMessages([...new Set(rejections.flatMap((rejection) => rejection.errors.map((error) => error.message)))]);
      const file = accepted[0];
      if (!file || rejections.length) return;
      setPreview(URL.createObjectURL(file));
      setProgress(0);
      try {
        setSignedId(await directUpload(file, { onProgress: setProgress }));
      } catch (error) {
        setPreview(null);
        setMessages([uploadMessage(error)]);
      } finally {
        setProgress(null);
      }
    },
  });

  const remove = () => {
    setSignedId("");
    setPreview(null);
    setMessages([]);
  };
  const disabled = Boolean(signedId) || uploading;
  const shownErrors = [...messages, ...(errors ?? [])];

  return (
    <div className="field">
      <span className="field-label" id={`${name}-label`}>
        Picture
      </span>
      <input type="hidden" name={name} value={signedId} />
      {preview ? (
        <div className="picture-current">
          <img src={preview} alt="Current portrait" />
          <button type="button" className="button small" onClick={remove} disabled={uploading}>
            Remove
          </button>
        </div>
      ) : null}
      <div
        {...getRootProps({
          className: `dropzone${disabled ? " disabled" : ""}${isDragActive ? " active" : ""}`,
          "aria-labelledby": `${name}-label`,
          "aria-describedby": shownErrors.length ? errorId : undefined,
        })}
      >
        <input {...getInputProps({ "aria-label": "Choose a picture", disabled })} />
        {/* The picture goes up by the direct upload, a script; the rest of the form posts without one. */}
        <noscript>
          <p className="notice">Changing the picture needs JavaScript, which is off in this browser.</p>
        </noscript>
        <p>
          {uploading
            ? "Uploading..."
            : signedId
              ? "Remove the picture to choose another."
              : isDragActive
                ? "Drop the image here."
                : "Drag an image here, or click to choose one."}
        </p>
      </div>
      {uploading ? (
        <progress className="picture-progress" value={progress ?? 0} max={1} aria-label="Upload progress" />
      ) : null}
      <FieldErrors id={errorId} errors={shownErrors} />
    </div>
  );
}
