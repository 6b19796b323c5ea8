import { useRef, useState } from "react";
import { useFetcher, useNavigate, useSearchParams } from "react-router";
import type { PhotoComment } from "~/lib/realtime-events";
import { ErrorModal } from "../error-modal";
import { CommentItem, type CommentReader } from "./comment-item";
import { NewCommentForm } from "./comment-forms";
import { useCommentReply, useHereWith, type CommentReply } from "./comment-replies";
import { DeleteCommentDialog } from "./delete-comment";
import type { CommentChange } from "./live-comments";
import { COMMENT_ERROR_TEXT } from "./messages";
import "./comments.css";

/**
 * The conversation under a photo (the photo detail's Comments tab): its
 * comments oldest first, the box for a new one, and each member's Edit and
 * Delete on their own (an admin's Delete on all). `comments` are kept live by
 * useLiveComments; `record` tells it what this page's own posts changed, so
 * the change shows before the page's data reloads.
 */
export function PhotoComments({
  photoId,
  comments,
  record,
  reader,
  live,
}: {
  photoId: number;
  comments: PhotoComment[];
  record: (change: CommentChange) => void;
  reader: CommentReader;
  /** Connected to the photo's room (others' comments arrive as written). */
  live: boolean;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [asking, setAsking] = useState<PhotoComment | null>(null);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const hereWith = useHereWith();
  const list = useRef<HTMLDivElement>(null);
  // Opened by the no-JavaScript link: the address says which comment is being edited.
  const editingInAddress = Number(search.get("editComment")) || null;

  const remover = useFetcher<CommentReply>();
  useCommentReply(remover, (reply) => {
    if (reply.error) return setRefusal(reply.error);
    if (reply.intent === "delete-comment" && reply.commentId) record({ id: reply.commentId, comment: null });
  });
  // Gone from the list as soon as it is confirmed; back if the server refuses.
  const deleting = remover.state !== "idle" ? Number(remover.formData?.get("commentId")) : null;
  const shown = comments.filter((comment) => comment.id !== deleting);

  const doneEditing = (commentId: number, saved: PhotoComment | null) => {
    if (saved) record({ id: saved.id, comment: saved });
    setEditingId(null);
    if (editingInAddress === commentId)
      void navigate(hereWith({ editComment: null }, `#comment-${commentId}`), {
        replace: true,
        preventScrollReset: true,
      });
  };

  return (
    <div className="comments" id="comments" ref={list} tabIndex={-1} data-live={live ? "connected" : undefined}>
      {shown.length ? (
        <ol className="comment-list" aria-label="Comments">
          {shown.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              reader={reader}
              editing={(editingId ?? editingInAddress) === comment.id}
              onEdit={() => setEditingId(comment.id)}
              onEditDone={(saved) => doneEditing(comment.id, saved)}
              onAskDelete={() => setAsking(comment)}
              onRefusal={setRefusal}
            />
          ))}
        </ol>
      ) : (
        <p className="comments-empty">No comments yet.</p>
      )}
      <NewCommentForm
        key={photoId}
        photoId={photoId}
        onPosted={(comment) => record({ id: comment.id, comment })}
        onRefusal={setRefusal}
      />
      <DeleteCommentDialog
        comment={asking}
        onClose={() => setAsking(null)}
        onConfirm={(comment) => {
          void remover.submit({ intent: "delete-comment", commentId: String(comment.id) }, { method: "post" });
          // The comment and its button leave the page: once the dialog has handed the focus
          // back to that button, it moves to the conversation instead.
          requestAnimationFrame(() => list.current?.focus());
        }}
      />
      <ErrorModal
        title="Error"
        message={refusal === null ? null : `${COMMENT_ERROR_TEXT} ${refusal}`}
        onClose={() => setRefusal(null)}
      />
    </div>
  );
}
