import { useId } from "react";
import { Form, Link } from "react-router";
import type { PhotoComment } from "~/lib/realtime-events";
import { ConfirmDialog } from "../confirm-dialog";
import { useHereWith } from "./comment-replies";
import { deleteQuestion } from "./messages";

/** Asks before a comment is deleted, in the site's dialog; closing it any other way keeps the comment. */
export function DeleteCommentDialog({
  comment,
  onConfirm,
  onClose,
}: {
  comment: PhotoComment | null;
  onConfirm: (comment: PhotoComment) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={comment !== null}
      title="Delete comment"
      question={comment ? deleteQuestion(comment.body) : ""}
      confirmLabel="Delete"
      onConfirm={() => {
        if (comment) onConfirm(comment);
      }}
      onClose={onClose}
    />
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
