// A photo's comments as the page shows them: the loader's list, with what
// arrived since (live, from the photo's room, or from this page's own posts)
// merged in by id. The loader's list is reloaded after each post and after a
// reconnect, so the same comment may arrive both ways and in either order;
// merging keeps the newest version of each and never brings back a deleted one.
import type { PhotoComment } from "~/lib/realtime-events";

/** What arrived for one comment since the page loaded: its latest version, or its deletion. */
export type CommentChange = { id: number; comment: PhotoComment | null };

const isNewer = (candidate: PhotoComment, than: PhotoComment) =>
  Date.parse(candidate.updatedAt) >= Date.parse(than.updatedAt);

/** Records a change, keeping the newer version when one is already known (a deletion is final). */
export function recordChange(changes: Map<number, CommentChange>, change: CommentChange): Map<number, CommentChange> {
  const known = changes.get(change.id);
  if (known && known.comment === null) return changes;
  if (known?.comment && change.comment && !isNewer(change.comment, known.comment)) return changes;
  return new Map(changes).set(change.id, change);
}

/** The comments to show, oldest first (the contract: the conversation reads down). */
export function mergeComments(loaded: PhotoComment[], changes: Map<number, CommentChange>): PhotoComment[] {
  const byId = new Map(loaded.map((comment) => [comment.id, comment]));
  for (const { id, comment } of changes.values()) {
    const current = byId.get(id);
    if (comment === null) byId.delete(id);
    else if (!current || isNewer(comment, current)) byId.set(id, comment);
  }
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}
