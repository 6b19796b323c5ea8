import { useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { MAX_COMMENT_LENGTH } from "~/lib/ratings";
import type { PhotoComment } from "~/lib/realtime-events";
import { isTooLong, LengthCounter } from "../forms/length-counter";
import { useTypedBeforeHydration } from "../forms/use-typed-before-hydration";
import { useHydrated } from "../use-hydrated";
import { useCommentReply, useHereWith, type CommentReply } from "./comment-replies";
import { CommentTextarea } from "./comment-textarea";

/** The comments tab, as a no-JavaScript post's way back and its links name it. */
const IN_COMMENTS = { tab: "comments", editComment: null, deleteComment: null };

/**
 * A comment box's text against its limit: the server's refusal of the text
 * itself is the box's own error (not the modal); past the limit it is not sent
 * at all (the count under the box says why). The text is kept either way.
 */
function useCommentText(boxId: string, initial: string, onRefusal: (message: string) => void) {
  const [text, setTextState] = useState(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const setText = (value: string) => {
    setTextState(value);
    setFieldError(null);
  };
  useTypedBeforeHydration(boxId, text, setText);
  const refused = (reply: CommentReply) => {
    if (!reply.error) return false;
    if (reply.field === "body") setFieldError(reply.error);
    else onRefusal(reply.error);
    return true;
  };
  const tooLong = isTooLong(text, MAX_COMMENT_LENGTH);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (tooLong) event.preventDefault();
  };
  return { text, setText, fieldError, refused, tooLong, onSubmit };
}

/** The count or error under a comment box, for its aria-describedby. */
function limitOf(id: string, text: string, fieldError: string | null) {
  return <LengthCounter id={`${id}-limit`} text={text} max={MAX_COMMENT_LENGTH} noun="A comment" error={fieldError} />;
}

/** The box under the comments: Enter posts, Shift+Enter starts a new line (on a touch screen Enter does, and Post posts). */
export function NewCommentForm({
  photoId,
  onPosted,
  onRefusal,
}: {
  photoId: number;
  onPosted: (comment: PhotoComment) => void;
  onRefusal: (message: string) => void;
}) {
  const fetcher = useFetcher<CommentReply>();
  const hydrated = useHydrated();
  const hereWith = useHereWith();
  const id = `comment-new-${photoId}`;
  const { text, setText, fieldError, refused, tooLong, onSubmit } = useCommentText(id, "", onRefusal);
  const box = useRef<HTMLTextAreaElement>(null);
  useCommentReply(fetcher, (reply) => {
    if (refused(reply)) return;
    if (reply.intent !== "comment" || !reply.comment) return;
    setText("");
    onPosted(reply.comment);
    box.current?.focus();
  });
  const busy = fetcher.state !== "idle";

  return (
    <fetcher.Form method="post" className="comment-form" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="photoId" value={photoId} />
      {hydrated ? null : <input type="hidden" name="returnTo" value={hereWith(IN_COMMENTS, "#comments")} />}
      <label htmlFor={id} className="visually-hidden">
        Add a comment
      </label>
      <CommentTextarea
        ref={box}
        id={id}
        name="body"
        value={text}
        onChange={(event) => setText(event.target.value)}
        readOnly={busy}
        placeholder="Add a comment…"
        aria-describedby={hydrated ? `${id}-hint ${id}-limit` : undefined}
        aria-invalid={tooLong || Boolean(fieldError) || undefined}
      />
      {limitOf(id, text, fieldError)}
      <div className="comment-form-footer">
        {hydrated ? (
          // One of the two shows (comments.css): a touch keyboard's Enter starts a new line (comment-keys.ts).
          <span id={`${id}-hint`} className="comment-hint">
            <span className="comment-hint-keys">Enter to post, Shift+Enter for a new line</span>
            <span className="comment-hint-touch">Enter for a new line; Post sends</span>
          </span>
        ) : null}
        <button type="submit" className="button primary small" disabled={busy}>
          Post
        </button>
      </div>
    </fetcher.Form>
  );
}

/**
 * The author's comment in place of its text while they change it. Without
 * JavaScript it is opened by a link (?editComment=) and Cancel is a link back.
 */
export function EditCommentForm({
  comment,
  onSaved,
  onCancel,
  onRefusal,
}: {
  comment: PhotoComment;
  onSaved: (comment: PhotoComment) => void;
  onCancel: () => void;
  onRefusal: (message: string) => void;
}) {
  const fetcher = useFetcher<CommentReply>();
  const hydrated = useHydrated();
  const hereWith = useHereWith();
  const id = `comment-edit-${comment.id}`;
  const { text, setText, fieldError, refused, tooLong, onSubmit } = useCommentText(id, comment.body, onRefusal);
  useCommentReply(fetcher, (reply) => {
    if (refused(reply)) return;
    if (reply.intent === "edit-comment" && reply.comment) onSaved(reply.comment);
  });
  const busy = fetcher.state !== "idle";
  const back = hereWith(IN_COMMENTS, `#comment-${comment.id}`);

  return (
    <fetcher.Form method="post" className="comment-form editing" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="edit-comment" />
      <input type="hidden" name="commentId" value={comment.id} />
      {hydrated ? null : <input type="hidden" name="returnTo" value={back} />}
      <label htmlFor={id} className="visually-hidden">
        Edit your comment
      </label>
      <CommentTextarea
        ref={(element) => {
          // Straight into the text, at its end, as the author asked to change it.
          if (element && hydrated && document.activeElement !== element && !element.dataset.focused) {
            element.dataset.focused = "yes";
            element.focus();
            element.setSelectionRange(element.value.length, element.value.length);
          }
        }}
        id={id}
        name="body"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onEscape={onCancel}
        readOnly={busy}
        aria-describedby={`${id}-limit`}
        aria-invalid={tooLong || Boolean(fieldError) || undefined}
      />
      {limitOf(id, text, fieldError)}
      <div className="comment-form-footer">
        <button type="submit" className="button primary small" disabled={busy}>
          Save
        </button>
        {hydrated ? (
          <button type="button" className="button small" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link to={back} className="button small">
            Cancel
          </Link>
        )}
      </div>
    </fetcher.Form>
  );
}
