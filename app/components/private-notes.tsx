import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { apiFetch } from "~/lib/api-client";
import { useHereWith } from "./photo-edit-form";
import { useHydrated } from "./use-hydrated";

/** Spec section 9: notes save 500 ms after the last keystroke. */
export const NOTES_AUTOSAVE_MS = 500;

type SaveState = "idle" | "saving" | "saved" | "failed";

/**
 * 'My Private Notes' (spec section 2, photo detail): the owner's own notes on a
 * photo, saved by themselves as they type ('Saving...' then 'Saved!'). Only the
 * owner ever receives them from the server. Without JavaScript they are a plain
 * form with a Save button, posted to the page's action (intent "notes").
 */
export function PrivateNotes({ photoId, notes }: { photoId: number; notes: string | null }) {
  const [text, setText] = useState(notes ?? "");
  const [state, setState] = useState<SaveState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Saves run one after another, so an older one can never land after a newer one.
  const queue = useRef(Promise.resolve());
  const hydrated = useHydrated();
  const hereWith = useHereWith();

  // Another photo starts from its own notes; a revalidation of this one must not
  // replace what is being typed, so only the photo id resets the text.
  useEffect(() => {
    setText(notes ?? "");
    setState("idle");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [photoId]);
  useEffect(() => () => clearTimeout(timer.current), [photoId]);

  const save = (value: string) => {
    queue.current = queue.current.then(async () => {
      setState("saving");
      try {
        await apiFetch(`/api/photos/${photoId}`, { method: "PATCH", json: { notes: value } });
        setState("saved");
      } catch (error) {
        console.error("Saving the notes failed:", error);
        setState("failed");
      }
    });
  };

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
        <textarea
          id={`notes-${photoId}`}
          name="notes"
          rows={4}
          maxLength={20000}
          value={text}
          placeholder="Only you can see these notes."
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => save(value), NOTES_AUTOSAVE_MS);
          }}
        />
        <p role="status" className="muted">
          {state === "saving"
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
