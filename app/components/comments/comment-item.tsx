import { Link, useSearchParams } from "react-router";
import type { PhotoComment } from "~/lib/realtime-events";
import { Avatar } from "../avatar";
import { useHydrated } from "../use-hydrated";
import { COMMENT_LINK_REL, LinkifiedText } from "../linkified-text";
import { CommentCrop } from "./comment-crop";
import { EditCommentForm } from "./comment-forms";
import { useHereWith } from "./comment-replies";
import { RelativeTime } from "./comment-time";
import { DeleteCommentStep } from "./delete-comment";

/** The member reading: their own comments get Edit and Delete, and an admin gets Delete on every comment. */
export type CommentReader = { id: number; isAdmin: boolean };

export function wasEdited(comment: Pick<PhotoComment, "createdAt" | "updatedAt">) {
  return Date.parse(comment.updatedAt) > Date.parse(comment.createdAt);
}

/** Where a comment's author has no picture to show: the photo's owner, hidden by an anonymous review. */
export function AuthorAvatar({ size }: { size: number }) {
  return <span className="avatar" aria-hidden="true" style={{ width: size, height: size }} />;
}

/** The author's name and picture, when they wrote it, and '(edited ...)' once changed. */
export function CommentByline({ comment }: { comment: PhotoComment }) {
  return (
    <p className="comment-meta">
      {comment.User ? (
        <Link to={`/members/${encodeURIComponent(comment.User.username)}`} className="comment-author">
          {comment.User.firstName} {comment.User.lastName}
        </Link>
      ) : (
        // The photo's owner while an anonymous review hides them: no name, no link.
        <span className="comment-author">the author</span>
      )}
      <span className="comment-time">
        <RelativeTime iso={comment.createdAt} />
        {wasEdited(comment) ? (
          <>
            {" "}
            (edited <RelativeTime iso={comment.updatedAt} />)
          </>
        ) : null}
      </span>
    </p>
  );
}

/** Edit or Delete: a button once the page runs its script, a link to the same step before that. */
function CommentAction({
  name,
  hydrated,
  onClick,
  step,
}: {
  name: "Edit" | "Delete";
  hydrated: boolean;
  onClick: () => void;
  step: string;
}) {
  const label = `${name} comment`;
  return hydrated ? (
    <button type="button" className="comment-action" aria-label={label} onClick={onClick}>
      {name}
    </button>
  ) : (
    <Link to={step} className="comment-action" aria-label={label}>
      {name}
    </Link>
  );
}

/**
 * One comment under a photo. Edit and Delete are buttons once the page runs
 * its script, and links to the same steps (?editComment=, ?deleteComment=)
 * before that.
 */
export function CommentItem({
  comment,
  reader,
  editing,
  onEdit,
  onEditDone,
  onAskDelete,
  onRefusal,
}: {
  comment: PhotoComment;
  reader: CommentReader;
  editing: boolean;
  onEdit: () => void;
  onEditDone: (saved: PhotoComment | null) => void;
  onAskDelete: () => void;
  onRefusal: (message: string) => void;
}) {
  const hydrated = useHydrated();
  const hereWith = useHereWith();
  const [search] = useSearchParams();
  const mayEdit = comment.UserId === reader.id;
  const mayDelete = mayEdit || reader.isAdmin;
  const confirming = mayDelete && search.get("deleteComment") === String(comment.id);
  const step = (name: "editComment" | "deleteComment") =>
    hereWith(
      { tab: "comments", editComment: null, deleteComment: null, [name]: String(comment.id) },
      `#comment-${comment.id}`,
    );

  return (
    <li className="comment" id={`comment-${comment.id}`}>
      {comment.User ? <Avatar member={comment.User} size={36} /> : <AuthorAvatar size={36} />}
      <div className="comment-main">
        <CommentByline comment={comment} />
        {editing && mayEdit ? (
          <EditCommentForm
            comment={comment}
            onSaved={onEditDone}
            onCancel={() => onEditDone(null)}
            onRefusal={onRefusal}
          />
        ) : (
          <LinkifiedText text={comment.body} className="comment-body" rel={COMMENT_LINK_REL} />
        )}
        <CommentCrop comment={comment} photoHref={hereWith({ editComment: null, deleteComment: null })} />
        {!editing && !confirming && (mayEdit || mayDelete) ? (
          <div className="comment-actions">
            {mayEdit ? (
              <CommentAction name="Edit" hydrated={hydrated} onClick={onEdit} step={step("editComment")} />
            ) : null}
            {mayDelete ? (
              <CommentAction name="Delete" hydrated={hydrated} onClick={onAskDelete} step={step("deleteComment")} />
            ) : null}
          </div>
        ) : null}
        {confirming ? <DeleteCommentStep comment={comment} /> : null}
      </div>
    </li>
  );
}
