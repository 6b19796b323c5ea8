import { useState } from "react";
import { Form } from "react-router";
import { apiFetch } from "~/lib/api-client";
import { MAX_NOTES_LENGTH } from "~/lib/photo-limits";
import { isTooLong, LengthCounter } from "./forms/length-counter";
import { useTypedBeforeHydration } from "./forms/use-typed-before-hydration";
import { useHereWith } from "./photo-steps";
import { fitsKeepalive } from "./typed-drafts";
import { useHydrated } from "./use-hydrated";
import { useSavedAsTyped } from "./use-saved-as-typed";

/** Notes save 500 ms after the last keystroke (a number of docs/texts-and-limits.md). */
export const NOTES_AUTOSAVE_MS = 500;

/** Notes are kept as typed (not trimmed), so they are counted so too. */
const notesTooLong = (notes: string) => isTooLong(notes, MAX_NOTES_LENGTH, false);

class NotesTooLongError extends Error {}

/**
 * Saves a photo's notes (PATCH /api/photos/{id}); as the page goes, in a request
 * that outlives it. Notes past their limit are not sent (the server would refuse
 * them): the save fails, so they stay in the box and leaving asks first.
 */
async function saveNotes(photoId: number, notes: string, leaving: boolean) {
  if (notesTooLong(notes)) throw new NotesTooLongError("Notes past their limit are not sent.");
  const json = { notes };
  await apiFetch(`/api/photos/${photoId}`, { method: "PATCH", json, keepalive: leaving && fitsKeepalive(json) });
}

/**
 * 'My Private Notes' (photo detail): the owner's own notes on a
 * photo, saved by themselves as they type ('Saving...' then 'Saved!'), and at
 * once when the box loses focus or the page is left (useSavedAsTyped). Only the
 * owner ever receives them from the server. Without JavaScript they are a plain
 * form with a Save button, posted to the page's action (intent "notes").
 */
export function PrivateNotes({ photoId, notes }: { photoId: number; notes: string | null }) {
  const [text, setText] = useState(notes ?? "");
  const hydrated = useHydrated();
  const hereWith = useHereWith();
  const { state, typed, flush } = useSavedAsTyped({
    key: photoId,
    send: saveNotes,
    delayMs: NOTES_AUTOSAVE_MS,
    canOutlivePage: (value: string) => !notesTooLong(value) && fitsKeepalive({ notes: value }),
  });

  const change = (value: string) => {
    setText(value);
    typed(value);
  };
  useTypedBeforeHydration(`notes-${photoId}`, text, change);
  const tooLong = notesTooLong(text);

  // Another photo starts from its own notes; a revalidation of this one must not
  // replace what is being typed, so only the photo id resets the text. Set while
  // rendering, not in an effect: an effect would run on mount too, and put the
  // server's notes back over words typed before the page hydrated.
  const [notesOf, setNotesOf] = useState(photoId);
  if (notesOf !== photoId) {
    setNotesOf(photoId);
    setText(notes ?? "");
  }

  return (
    <section className="private-notes" aria-label="My Private Notes">
      <Form method="post">
        {hydrated ? null : (
          <>
            <input type="hidden" name="intent" value="notes" />
            <input type="hidden" name="photoId" value={photoId} />
            <input type="hidden" name="returnTo" value={hereWith({})} />
          </>
        )}
        <h3>
          <label htmlFor={`notes-${photoId}`}>My Private Notes</label>
        </h3>
        {/* A field like the site's others (app.css .field): its border, padding and focus ring. */}
        <div className="field">
          <textarea
            id={`notes-${photoId}`}
            name="notes"
            rows={4}
            // Without a script the plain form's refusal would lose the words, so the browser holds the limit then.
            maxLength={hydrated ? undefined : MAX_NOTES_LENGTH}
            value={text}
            aria-describedby={`notes-${photoId}-limit`}
            aria-invalid={tooLong || undefined}
            placeholder="Only you can see these notes."
            onChange={(event) => change(event.target.value)}
            onBlur={flush}
          />
        </div>
        {/* The limit said as it nears (no maxLength, which would cut a pasted text without a word). */}
        <LengthCounter id={`notes-${photoId}-limit`} text={text} max={MAX_NOTES_LENGTH} noun="Notes" trimmed={false} />
        <p role="status" className="muted">
          {tooLong
            ? "Not saved until they are shorter."
            : state === "saving"
              ? "Saving..."
              : state === "saved"
                ? "Saved!"
                : state === "failed"
                  ? "Your notes could not be saved."
                  : ""}
        </p>
        {hydrated ? null : (
          <button type="submit" className="button">
            Save notes
          </button>
        )}
      </Form>
    </section>
  );
}
