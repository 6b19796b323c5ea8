import { Fragment } from "react";
import { linkPieces } from "./linkify";

/**
 * A comment's text as written: line breaks kept (white-space: pre-wrap), web
 * addresses as links, and anything else, markup included, shown as text.
 */
export function CommentBody({ body }: { body: string }) {
  return (
    <p className="comment-body">
      {linkPieces(body).map((piece, index) =>
        piece.href ? (
          <a key={index} href={piece.href} target="_blank" rel="nofollow noopener noreferrer ugc">
            {piece.text}
          </a>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </p>
  );
}
