import { useState } from "react";
import { useFetcher } from "react-router";
import { MAX_COMMENT_LENGTH } from "~/lib/ratings";
import type { FractionRect } from "~/lib/viewer-geometry";
import { isTooLong, LengthCounter } from "../forms/length-counter";
import { useCommentReply, type CommentReply } from "./comment-replies";
import { CommentTextarea } from "./comment-textarea";
import "./comments.css";

/** The crop's four hidden fields, to four places as in a `crop=` address. */
const cropFields = (crop: FractionRect) =>
  (["x", "y", "width", "height"] as const).map((name) => (
    <input key={name} type="hidden" name={`crop.${name}`} value={Number(crop[name].toFixed(4))} />
  ));

// The viewer's stage reads presses and moves as crops and pans (and captures the pointer, which would
// take the click from a button); those over these controls are the controls' own.
const keepFromStage = (event: React.SyntheticEvent) => event.stopPropagation();

/**
 * 'Comment on this crop', offered in the full-screen viewer
 * beside the member's ended crop: the comment's text, Save and Cancel. It
 * posts to the photo forms' action with the region, which stores it with the
 * comment; the comments list then shows the region's picture. Cancel takes
 * the crop away, as Esc does. Cropping needs the viewer's script, so this
 * form has no script-less twin.
 */
export function CropCommentForm({
  photoId,
  crop,
  onClose,
}: {
  photoId: number;
  crop: FractionRect;
  onClose: () => void;
}) {
  const fetcher = useFetcher<CommentReply>();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useCommentReply(fetcher, (reply) => {
    if (reply.error) return setError(reply.error);
    if (reply.intent === "comment" && reply.comment) {
      setSaved(true);
      setOpen(false);
      setText("");
      setError(null);
    }
  });
  const busy = fetcher.state !== "idle";
  // Its limit is said as the box nears it, and past it nothing is sent (as under the photo).
  const tooLong = isTooLong(text, MAX_COMMENT_LENGTH);

  if (!open) {
    return (
      <div
        className="crop-comment"
        onPointerDown={keepFromStage}
        onPointerUp={keepFromStage}
        onPointerMove={keepFromStage}
      >
        {saved ? (
          <p className="crop-comment-saved" role="status">
            Comment saved.
          </p>
        ) : null}
        <button type="button" className="button small" onClick={() => setOpen(true)}>
          {saved ? "Comment again" : "Comment on this crop"}
        </button>
        {saved ? (
          <button type="button" className="button small" onClick={onClose}>
            Close
          </button>
        ) : null}
      </div>
    );
  }

  const id = `crop-comment-${photoId}`;
  return (
    <fetcher.Form
      method="post"
      className="comment-form crop-comment-form"
      onSubmit={(event) => {
        if (tooLong) event.preventDefault();
      }}
      onPointerDown={keepFromStage}
      onPointerUp={keepFromStage}
      onPointerMove={keepFromStage}
    >
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="photoId" value={photoId} />
      {cropFields(crop)}
      <label htmlFor={id}>Comment on this crop</label>
      <CommentTextarea
        ref={(element) => {
          if (element && !element.dataset.focused) {
            element.dataset.focused = "yes";
            element.focus();
          }
        }}
        id={id}
        name="body"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onEscape={() => setOpen(false)}
        readOnly={busy}
        aria-invalid={tooLong || Boolean(error) || undefined}
        aria-describedby={`${id}-limit`}
      />
      <LengthCounter id={`${id}-limit`} text={text} max={MAX_COMMENT_LENGTH} noun="A comment" error={error} />
      <div className="comment-form-footer">
        <button type="submit" className="button primary small" disabled={busy}>
          Save
        </button>
        <button type="button" className="button small" onClick={onClose}>
          Cancel
        </button>
      </div>
    </fetcher.Form>
  );
}
