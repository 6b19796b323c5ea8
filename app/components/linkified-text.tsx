import { Fragment } from "react";
import { linkPieces } from "~/lib/linkify";

/** Links in members' own writing: user-generated, never vouched for by the club. */
export const COMMENT_LINK_REL = "nofollow noopener noreferrer ugc";

/**
 * Text a person wrote (a comment, a meeting's topic or call details) as
 * written, with its web addresses as links. Never read as HTML: linkPieces cuts
 * it into text and http(s) links, and React renders each piece as a text node
 * or an <a>. Line breaks are kept by the caller's class (white-space).
 */
export function LinkifiedText({
  text,
  className,
  rel = "noopener noreferrer nofollow",
}: {
  text: string;
  className: string;
  /** Members' own writing: COMMENT_LINK_REL. */
  rel?: string;
}) {
  return (
    <p className={className}>
      {linkPieces(text).map((piece, index) =>
        piece.href ? (
          <a key={index} href={piece.href} target="_blank" rel={rel}>
            {piece.text}
          </a>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </p>
  );
}
