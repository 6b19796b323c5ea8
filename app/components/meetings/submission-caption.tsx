// A caption for one of the member's photos in the upload page's list:
// captioned or re-captioned in place, without opening each photo.
// With JavaScript it saves as it is typed (useSavedAsTyped: after a pause, on
// blur, before leaving); without, the row is a small form of its own whose
// refusal comes back with the words typed. Past MAX_CAPTION_LENGTH nothing is
// sent and the count under the field says why: the words stay in the field.
import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useLocation } from "react-router";
import { apiFetch } from "~/lib/api-client";
import { MAX_CAPTION_LENGTH } from "~/lib/photo-limits";
import { isTooLong, LengthCounter } from "../forms/length-counter";
import { fitsKeepalive } from "../typed-drafts";
import { useHydrated } from "../use-hydrated";
import { useSavedAsTyped } from "../use-saved-as-typed";

/** How long after the last keystroke the caption is saved (as the photo edit form's fields). */
const CAPTION_AUTOSAVE_MS = 500;

type CaptionReply = { intent?: string; photoId?: number; caption?: string; error?: string } | undefined;

class TooLongError extends Error {}

async function saveCaption(photoId: number, caption: string, leaving: boolean) {
  if (isTooLong(caption, MAX_CAPTION_LENGTH)) throw new TooLongError();
  const json = { caption };
  await apiFetch(`/api/photos/${photoId}`, { method: "PATCH", json, keepalive: leaving && fitsKeepalive(json) });
}

/** A plain post's refusal (no JavaScript), when it is this photo's: the words typed and the reason. */
function usePlainReply(photoId: number) {
  const reply = useActionData() as CaptionReply;
  return reply && typeof reply === "object" && reply.intent === "caption" && reply.photoId === photoId
    ? reply
    : undefined;
}

export function SubmissionCaption({ photoId, caption, name }: { photoId: number; caption: string; name: string }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const plain = usePlainReply(photoId);
  const [text, setText] = useState(plain?.caption ?? caption);
  const field = useRef<HTMLInputElement>(null);
  const { state, typed, flush } = useSavedAsTyped({
    key: photoId,
    delayMs: CAPTION_AUTOSAVE_MS,
    send: saveCaption,
    canOutlivePage: (value: string) => !isTooLong(value, MAX_CAPTION_LENGTH) && fitsKeepalive({ caption: value }),
  });
  // The caption changed elsewhere (the queue's own form for a photo just added): shown here too, unless
  // the member is writing in this field or it holds words not yet saved.
  useEffect(() => {
    if (document.activeElement === field.current || state === "saving" || state === "failed") return;
    setText(caption);
    // Only a new caption from the server moves the field, never a change of the draft's state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [caption]);

  const id = `caption-${photoId}`;
  const tooLong = isTooLong(text, MAX_CAPTION_LENGTH);
  const status =
    state === "saving"
      ? "Saving..."
      : state === "saved"
        ? "Caption saved."
        : state === "failed" && !tooLong
          ? "Not saved yet: it goes again as you type, or with Save."
          : "";
  return (
    <Form
      method="post"
      preventScrollReset
      className="submission-caption"
      onSubmit={(event) => {
        if (!hydrated) return;
        // With JavaScript the caption is saved as typed: Save only sends it now.
        event.preventDefault();
        flush();
      }}
    >
      <input type="hidden" name="intent" value="caption" />
      <input type="hidden" name="photoId" value={photoId} />
      {hydrated ? null : <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />}
      <label htmlFor={id} className="visually-hidden">
        Caption of {name}
      </label>
      <div className="submission-caption-row">
        <input
          ref={field}
          id={id}
          name="caption"
          type="text"
          value={text}
          placeholder="Add a caption"
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            typed(event.target.value);
          }}
          onBlur={flush}
          aria-invalid={tooLong || Boolean(plain?.error) || undefined}
          aria-describedby={`${id}-limit ${id}-status`}
        />
        <button type="submit" className="button small" aria-label={`Save the caption of ${name}`}>
          Save
        </button>
      </div>
      <LengthCounter id={`${id}-limit`} text={text} max={MAX_CAPTION_LENGTH} noun="A caption" error={plain?.error} />
      <span id={`${id}-status`} className="submission-caption-status muted" role="status">
        {status}
      </span>
    </Form>
  );
}
