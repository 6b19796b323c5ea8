import { Link } from "react-router";
import type { CommentJson } from "~/lib/club-json";
import { Avatar } from "../avatar";
import { COMMENT_LINK_REL, LinkifiedText } from "../linkified-text";
import { CommentCrop } from "./comment-crop";
import { AuthorAvatar, CommentByline } from "./comment-item";
import "./comments.css";

type FeedPhoto = NonNullable<CommentJson["Photo"]>;

// No author while an anonymous review hides the photo's owner (the list leaves such photos out for all but the owner).
const photoName = (photo: FeedPhoto) =>
  photo.caption || (photo.User ? `Photo by ${photo.User.firstName} ${photo.User.lastName}` : "Photo");

/**
 * The club's recent comments (/comments), newest first: each
 * with its photo's thumbnail linking to the photo, the author, when, and the text.
 */
export function CommentFeed({ comments, hrefFor }: { comments: CommentJson[]; hrefFor: (photoId: number) => string }) {
  if (comments.length === 0) return <p className="muted">No comments yet.</p>;
  return (
    <ol className="comment-feed" aria-label="Recent comments">
      {comments.map((comment) => {
        const photo = comment.Photo;
        return (
          <li key={comment.id} className="feed-item">
            {photo ? (
              <Link to={hrefFor(photo.id)} prefetch="intent" className="feed-thumb" aria-label={photoName(photo)}>
                {photo.thumbUrl ? <img src={photo.thumbUrl} alt="" loading="lazy" /> : null}
              </Link>
            ) : (
              <span className="feed-thumb" />
            )}
            <div className="feed-main">
              <div className="feed-author">
                {comment.User ? <Avatar member={comment.User} size={28} /> : <AuthorAvatar size={28} />}
                <CommentByline comment={comment} />
              </div>
              {photo ? (
                <p className="feed-photo">
                  on{" "}
                  <Link to={hrefFor(photo.id)} prefetch="intent">
                    {photoName(photo)}
                  </Link>
                  {photo.caption && photo.User ? ` by ${photo.User.firstName} ${photo.User.lastName}` : null}
                </p>
              ) : null}
              <LinkifiedText text={comment.body} className="comment-body" rel={COMMENT_LINK_REL} />
              {photo ? <CommentCrop comment={comment} photoHref={hrefFor(photo.id)} /> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
