import { Fragment } from "react";
import { detailsSegments } from "~/lib/meetings";

/**
 * Text an admin wrote (a topic, call details) with its web addresses as links.
 * Never read as HTML: detailsSegments cuts it into text and http(s) links, and
 * React renders each piece as a text node or an <a>; any other scheme stays text.
 */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ? `linkified ${className}` : "linkified"}>
      {detailsSegments(text).map((segment, index) =>
        segment.href ? (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow">
            {segment.text}
          </a>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </p>
  );
}
