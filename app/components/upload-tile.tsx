import { useEffect, useState } from "react";
import type { PhotoJson } from "~/lib/club-json";
import { DeletePhotoButton } from "./delete-photo";
import { PhotoEditFormWhenLoaded } from "./lazy-photo-edit-form";
import { photoLabel } from "./photo-grid";
import "./upload-grid.css";

export type UploadState = "pending" | "uploading" | "uploaded" | "submitted" | "failed";

export const STATE_LABELS: Record<UploadState, string> = {
  pending: "Pending",
  uploading: "Uploading",
  uploaded: "Uploaded",
  submitted: "Submitted",
  failed: "Not sent yet",
};

/** The kinds every browser draws: a HEIC waits for its thumbnail from the server. */
const PREVIEWABLE = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

/** The chosen file drawn from memory until the server's thumbnail exists, so the tile shows the photo at once. */
function usePreview(file: File, wanted: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted || !PREVIEWABLE.has(file.type)) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file, wanted]);
  return url;
}

/**
 * One upload as a tile of the meeting upload page's grid: the photo, its
 * progress and state, and once it is a photo, its details (caption and the
 * rest, saved as typed) and Delete one click away, under 'Caption and details'.
 */
export function UploadTile({
  file,
  state,
  progress,
  photo,
  failure,
  onRetry,
  onDeleted,
}: {
  file: File;
  state: UploadState;
  progress: number;
  photo?: PhotoJson;
  failure?: string;
  onRetry: () => void;
  onDeleted: () => void;
}) {
  const done = state === "submitted" && photo;
  const preview = usePreview(file, !photo?.thumbUrl);
  const src = photo?.thumbUrl ?? preview;
  return (
    <li className={`upload-tile ${state}`} aria-label={file.name}>
      <div className="upload-tile-image">
        {src ? (
          <img src={src} alt={photo ? photoLabel(photo) : ""} />
        ) : (
          <span className="upload-tile-name">{file.name}</span>
        )}
      </div>
      {done ? (
        <p role="status" className="status-note">
          Photo added!
        </p>
      ) : (
        <>
          <progress max={1} value={progress} aria-label={`Upload progress of ${file.name}`} />
          <p className="upload-tile-state">
            <span>{STATE_LABELS[state]}</span>
            {state === "failed" ? null : <span className="muted"> · Please wait...</span>}
          </p>
        </>
      )}
      {state === "failed" ? (
        <>
          <p className="rejections" role="alert">
            {failure}
          </p>
          <button type="button" className="button primary small" onClick={onRetry}>
            Try again
          </button>
        </>
      ) : null}
      {done ? (
        <details className="upload-tile-details">
          <summary>Caption and details</summary>
          {/* A caption typed straight after uploading saves itself, and is never lost by leaving. */}
          <PhotoEditFormWhenLoaded photo={photo} savesAsTyped />
          <DeletePhotoButton photoId={photo.id} onDeleted={onDeleted} />
        </details>
      ) : null}
    </li>
  );
}
