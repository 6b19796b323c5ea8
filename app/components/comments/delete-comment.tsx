import { useEffect, useId, useRef } from "react";
import { Form, Link } from "react-router";
import type { PhotoComment } from "~/lib/realtime-events";
import { useHereWith } from "./comment-replies";
import { deleteQuestion } from "./messages";

/** Asks before a comment is deleted (spec section 8); closing it any other way keeps the comment. */
export function DeleteCommentDialog({
  comment,
  onConfirm,
  onClose,
}: {
  comment: PhotoComment | null;
  onConfirm: (comment: PhotoComment) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const questionId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (comment && !element.open) element.showModal();
    if (!comment && element.open) element.close();
  }, [comment]);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} aria-describedby={questionId} onClose={onClose}>
      <h2 id={titleId}>Delete comment</h2>
      <p id={questionId}>{comment ? deleteQuestion(comment.body) : null}</p>
      <div className="form-actions">
        <button
          type="button"
          className="button danger"
          onClick={() => {
            if (comment) onConfirm(comment);
            dialog.current?.close();
          }}
        >
          Delete
        </button>
        {/* The safe choice has the focus: Enter or Space alone never deletes. */}
        <button type="button" className="button" autoFocus onClick={() => dialog.current?.close()}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

/**
 * The same question as a step of its own, for a page without JavaScript: the
 * comment's Delete link opens it (?deleteComment=), and it posts a plain form.
 */
export function DeleteCommentStep({ comment }: { comment: PhotoComment }) {
  const hereWith = useHereWith();
  const questionId = useId();
  return (
    <div className="comment-confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId}>{deleteQuestion(comment.body)}</p>
      <Form method="post" className="form-actions">
        <input type="hidden" name="intent" value="delete-comment" />
        <input type="hidden" name="commentId" value={comment.id} />
        <input
          type="hidden"
          name="returnTo"
          value={hereWith({ tab: "comments", editComment: null, deleteComment: null }, "#comments")}
        />
        <button type="submit" className="button danger small">
          Delete
        </button>
        <Link to={hereWith({ deleteComment: null }, `#comment-${comment.id}`)} className="button small">
          Cancel
        </Link>
      </Form>
    </div>
  );
}
