import { useCallback, useEffect, useRef, useState } from "react";
import { useDropzone, type FileRejection } from "react-dropzone";
import { ApiError } from "~/lib/api-client";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/image-sniff";
import { directUpload, isTransientUploadError } from "~/lib/direct-upload";
import { roomLeftMessage, STAY_ON_PAGE_WARNING, TOO_MANY_FILES_MESSAGE } from "~/lib/meetings";
import type { PhotoJson } from "~/lib/club-json";
import { DeletePhotoButton } from "./delete-photo";
import { PhotoEditFormWhenLoaded } from "./lazy-photo-edit-form";
import { loadPhotoEditForm } from "./load-photo-edit-form";
import { photoLabel } from "./photo-grid";
import { STATE_LABELS, UploadTile, type UploadState } from "./upload-tile";
import "./photos.css";
import "./photo-page.css";

type UploadItem = {
  key: string;
  file: File;
  state: UploadState;
  progress: number;
  photo?: PhotoJson;
  /** Set once the bytes are stored: a retry only asks for the photo again. */
  signedId?: string;
  /** Why the last try failed, when it may work if tried again (storage or network away). */
  failure?: string;
};

/** A file the server refused, with its reason ('The image file is damaged or incomplete.'). */
type RefusedUpload = { key: string; name: string; reason: string };

function refusalReason(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === "object") {
    const body = error.body as { message?: string; errors?: { message: string }[] };
    const reasons = [body.message, ...(body.errors ?? []).map((e) => e.message)].filter(Boolean);
    if (reasons.length > 0) return reasons.join(" ");
  }
  return "The upload failed. Please try again.";
}

/** Still on its way: leaving the page now would lose it. */
const inFlight = (item: UploadItem) => item.state !== "submitted";
const isUploading = (item: UploadItem) => item.state !== "submitted" && item.state !== "failed";

/**
 * Drop or choose several photos; they are uploaded one at a time, in order,
 * with progress (pending, uploading, uploaded, submitted), and
 * each becomes an editable photo. `createPhoto` turns a finished upload into a
 * photo (POST /api/photos here; a meeting submission elsewhere). With `maxFiles`
 * (what the allowance has left), more files than still fit, counting those on
 * their way, are refused together, saying how many may still be added; with
 * `tiles`, the uploads are a grid of photos (the meeting upload page).
 */
export function UploadQueue({
  createPhoto,
  maxSize,
  maxFiles,
  tiles = false,
  onBusyChange,
}: {
  createPhoto: (file: File, signedId: string) => Promise<PhotoJson>;
  maxSize: number;
  maxFiles?: number;
  tiles?: boolean;
  /** Told whenever uploads start or all have ended, so the page shows its warning or its way back. */
  onBusyChange?: (busy: boolean) => void;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsNow = useRef(items);
  itemsNow.current = items;
  const [rejections, setRejections] = useState<readonly FileRejection[]>([]);
  /** After 'Too many files!': how many could still be added. */
  const [tooMany, setTooMany] = useState<number | null>(null);
  const [refused, setRefused] = useState<RefusedUpload[]>([]);
  const [tick, setTick] = useState(0);
  const working = useRef(false);
  const counter = useRef(0);

  const update = (key: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const remove = useCallback((key: string) => setItems((current) => current.filter((item) => item.key !== key)), []);

  const onDrop = useCallback(
    (accepted: File[], refused: FileRejection[]) => {
      const room = maxFiles === undefined ? Infinity : maxFiles - itemsNow.current.filter(inFlight).length;
      setTooMany(accepted.length + refused.length > room ? Math.max(0, room) : null);
      if (accepted.length + refused.length > room) {
        // More files than the allowance left are refused all together, none kept.
        const tooManyError = { code: "too-many-files", message: "Too many files" };
        setRejections(
          [...accepted, ...refused.map(({ file }) => file)].map((file) => ({ file, errors: [tooManyError] })),
        );
        return;
      }
      setRejections(refused);
      // Each upload ends in its edit form: its code is fetched while the bytes go.
      if (accepted.length > 0) void loadPhotoEditForm();
      setItems((current) => [
        ...current,
        ...accepted.map((file) => ({
          key: `upload-${++counter.current}`,
          file,
          state: "pending" as const,
          progress: 0,
        })),
      ]);
    },
    [maxFiles],
  );
  // The allowance is counted in onDrop, with the uploads on their way, not per drop by react-dropzone.
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: ACCEPTED_IMAGE_TYPES,
    multiple: true,
    maxSize,
  });

  // One upload at a time, in the order the files came.
  useEffect(() => {
    if (working.current) return;
    const next = items.find((item) => item.state === "pending");
    if (!next) return;
    working.current = true;
    void (async () => {
      try {
        let signedId = next.signedId;
        if (!signedId) {
          update(next.key, { state: "uploading", failure: undefined });
          signedId = await directUpload(next.file, { onProgress: (progress) => update(next.key, { progress }) });
        }
        update(next.key, { state: "uploaded", progress: 1, signedId, failure: undefined });
        const photo = await createPhoto(next.file, signedId);
        update(next.key, { state: "submitted", photo });
      } catch (error) {
        // The contract only logs upload failures; the member is also told which file
        // was refused and why, so nothing is lost without a word.
        console.error(`Uploading ${next.file.name} failed:`, error);
        if (isTransientUploadError(error)) {
          // The storage, the database or the network was away: the file stays, to be tried again.
          update(next.key, { state: "failed", failure: refusalReason(error) });
        } else {
          remove(next.key);
          setRefused((current) => [...current, { key: next.key, name: next.file.name, reason: refusalReason(error) }]);
        }
      } finally {
        working.current = false;
        setTick((n) => n + 1);
      }
    })();
  }, [items, tick, createPhoto, remove]);

  // Leaving asks first while a file is not yet a photo (a failed one too: it would be lost); the
  // warning shows only while something is still on its way, and goes once all have ended.
  const unsent = items.some(inFlight);
  const busy = items.some(isUploading);
  useEffect(() => {
    if (!unsent) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsent]);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  return (
    <div className="stack">
      {/* Photos go up by the direct upload (app/lib/direct-upload.ts), a script: say so when it cannot run. */}
      <noscript>
        <p className="notice" role="note">
          Uploading photos needs JavaScript, which is off in this browser. Turn it on to upload.
        </p>
      </noscript>
      <div {...getRootProps({ className: isDragActive ? "dropzone active" : "dropzone" })}>
        <input {...getInputProps()} aria-label="Photos to upload" />
        <p>{isDragActive ? "Drop the photos here..." : "Drop photos here, or click to choose them."}</p>
      </div>
      {/* More files than the allowance (maxFiles) left are refused all together. */}
      {tooMany !== null ? (
        <p className="rejections" role="alert">
          {TOO_MANY_FILES_MESSAGE} {roomLeftMessage(tooMany)}
        </p>
      ) : null}
      {rejections.length > 0 ? (
        <ul className="rejections" aria-label="Files not added">
          {rejections.map(({ file, errors }) => (
            <li key={`${file.name}-${file.size}`}>
              {file.name}: {errors.map((error) => error.message).join(", ")}
            </li>
          ))}
        </ul>
      ) : null}
      {refused.length > 0 ? (
        <ul className="rejections" aria-label="Files refused">
          {refused.map((refusal) => (
            <li key={refusal.key}>
              {refusal.name}: {refusal.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {busy ? <p className="muted upload-warning">{STAY_ON_PAGE_WARNING}</p> : null}
      {tiles && items.length > 0 ? (
        <ol className="upload-grid" aria-label="Uploads">
          {items.map((item) => (
            <UploadTile
              key={item.key}
              file={item.file}
              state={item.state}
              progress={item.progress}
              photo={item.photo}
              failure={item.failure}
              onRetry={() => update(item.key, { state: "pending", failure: undefined })}
              onDeleted={() => remove(item.key)}
            />
          ))}
        </ol>
      ) : null}
      {!tiles && items.length > 0 ? (
        <ol className="upload-queue" aria-label="Uploads">
          {items.map((item) => (
            <li key={item.key} className={`upload-item ${item.state}`} aria-label={item.file.name}>
              {item.state === "submitted" && item.photo ? (
                <>
                  <div className="stack">
                    {item.photo.thumbUrl ? <img src={item.photo.thumbUrl} alt={photoLabel(item.photo)} /> : null}
                    <p role="status" className="status-note">
                      Photo added!
                    </p>
                  </div>
                  <div className="stack">
                    {/* A caption typed straight after uploading saves itself, and is never lost by leaving. */}
                    <PhotoEditFormWhenLoaded photo={item.photo} savesAsTyped />
                    <DeletePhotoButton photoId={item.photo.id} onDeleted={() => remove(item.key)} />
                  </div>
                </>
              ) : (
                <div className="stack">
                  <p>
                    <strong>{item.file.name}</strong> · <span>{STATE_LABELS[item.state]}</span>
                  </p>
                  <progress max={1} value={item.progress} aria-label={`Upload progress of ${item.file.name}`} />
                  {item.state === "failed" ? (
                    <>
                      <p className="rejections" role="alert">
                        {item.failure}
                      </p>
                      <p>
                        <button
                          type="button"
                          className="button primary"
                          onClick={() => update(item.key, { state: "pending", failure: undefined })}
                        >
                          Try again
                        </button>
                      </p>
                    </>
                  ) : (
                    <p className="muted">Please wait...</p>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
