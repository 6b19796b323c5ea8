import { useEffect, useRef } from "react";
import { useLocation, type FetcherWithComponents } from "react-router";
import type { PhotoComment } from "~/lib/realtime-events";

/** What the photo forms' action answers a comment post with (photo-forms.server.ts), or its refusal. */
export type CommentReply = {
  intent?: "comment" | "edit-comment" | "delete-comment";
  comment?: PhotoComment;
  commentId?: number;
  error?: string;
  /** The refused field (the comment's text): its error shows under the box, not in the modal. */
  field?: "body";
};

/** Calls `onReply` once for each answer the fetcher receives. */
export function useCommentReply(
  fetcher: Pick<FetcherWithComponents<CommentReply>, "state" | "data">,
  onReply: (reply: CommentReply) => void,
) {
  const latest = useRef(onReply);
  useEffect(() => {
    latest.current = onReply;
  });
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (reply) latest.current(reply);
  }, [reply]);
}

/**
 * This page's address with some query parameters changed (null removes one),
 * for the links and return addresses that make the comments work without
 * JavaScript: `?tab=comments&editComment=12#comment-12`.
 */
export function useHereWith() {
  const location = useLocation();
  return (changes: Record<string, string | null>, hash = "") => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}${hash}`;
  };
}
