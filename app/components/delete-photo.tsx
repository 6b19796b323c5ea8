import { useEffect, useId } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { PhotoFormReply } from "~/lib/photo-form-replies";
import { ConfirmButton } from "./confirm-button";
import { ErrorModal } from "./error-modal";
import { useFetcherRefusal } from "./forms/use-fetcher-refusal";
import { DELETE_PHOTO_STEP, useHereWith, usePhotoStep } from "./photo-steps";
import { useHydrated } from "./use-hydrated";

const DELETE_PHOTO_QUESTION = "Are you sure you wish to delete this photo? This cannot be undone.";

/**
 * Delete with the contract's confirmation; `returnTo` is the list to go back to
 * (none: stay). With JavaScript the site's dialog asks (ConfirmButton); without
 * it, Delete is a link to the same question as a step of the page
 * (?deletePhoto=), never a one-click delete.
 */
export function DeletePhotoButton({
  photoId,
  returnTo,
  onDeleted,
}: {
  photoId: number;
  returnTo?: string;
  onDeleted?: () => void;
}) {
  const fetcher = useFetcher<PhotoFormReply>({ key: `photo-delete-${photoId}` });
  const [refusal, dismiss] = useFetcherRefusal(fetcher);
  const hydrated = useHydrated();
  const hereWith = useHereWith();
  const confirming = usePhotoStep(DELETE_PHOTO_STEP, photoId);
  const deleted =
    fetcher.state === "idle" && !!fetcher.data && "intent" in fetcher.data && fetcher.data.intent === "delete";
  useEffect(() => {
    if (deleted) onDeleted?.();
  }, [deleted, onDeleted]);
  if (confirming)
    return <DeletePhotoStep photoId={photoId} returnTo={returnTo ?? hereWith({ [DELETE_PHOTO_STEP]: null })} />;
  if (!hydrated) {
    // Wrapped as the form is, so the owner's tools lay it out at its own width.
    return (
      <div>
        <Link to={hereWith({ [DELETE_PHOTO_STEP]: String(photoId) })} className="button danger">
          Delete
        </Link>
      </div>
    );
  }
  return (
    <>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="photoId" value={photoId} />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <ConfirmButton
          className="button danger"
          title="Delete photo"
          question={DELETE_PHOTO_QUESTION}
          disabled={fetcher.state !== "idle"}
        >
          Delete
        </ConfirmButton>
      </fetcher.Form>
      <ErrorModal title="An error has occurred" message={refusal} onClose={dismiss} />
    </>
  );
}

/** The question as a step of the page: a plain form that deletes, and Cancel back to the photo. */
function DeletePhotoStep({ photoId, returnTo }: { photoId: number; returnTo: string }) {
  const hereWith = useHereWith();
  const questionId = useId();
  return (
    <div className="photo-confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId}>{DELETE_PHOTO_QUESTION}</p>
      <Form method="post" className="form-actions">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="photoId" value={photoId} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="button danger">
          Delete
        </button>
        <Link to={hereWith({ [DELETE_PHOTO_STEP]: null })} className="button">
          Cancel
        </Link>
      </Form>
    </div>
  );
}
