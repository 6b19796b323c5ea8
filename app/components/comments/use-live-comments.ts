import { useCallback, useState } from "react";
import type { PhotoComment } from "~/lib/realtime-events";
import { usePhotoRoom } from "~/realtime/browser/use-photo-room";
import { mergeComments, recordChange, type CommentChange } from "./live-comments";

const NO_CHANGES = new Map<number, CommentChange>();

/**
 * A photo's comments kept up to date while it is on screen: the loader's list
 * with what the photo's room and this page's own posts brought since.
 * `photoId` null (a visitor) joins no room. `onArrival` hears other people's
 * new comments (for the screen reader's announcement).
 */
export function useLiveComments(
  photoId: number | null,
  loaded: PhotoComment[],
  onArrival?: (comment: PhotoComment) => void,
) {
  // Kept with the photo they belong to: moving to the next photo starts afresh.
  const [state, setState] = useState({ photoId, changes: NO_CHANGES });
  const changes = state.photoId === photoId ? state.changes : NO_CHANGES;

  const record = useCallback(
    (change: CommentChange) =>
      setState((current) => ({
        photoId,
        changes: recordChange(current.photoId === photoId ? current.changes : NO_CHANGES, change),
      })),
    [photoId],
  );

  // A message from the room of the photo just left may still arrive: only this photo's count.
  const ours = (comment: { PhotoId: number }) => comment.PhotoId === photoId;
  const room = usePhotoRoom(photoId, {
    "comment.created": (comment) => {
      if (!ours(comment)) return;
      record({ id: comment.id, comment });
      onArrival?.(comment);
    },
    "comment.updated": (comment) => {
      if (ours(comment)) record({ id: comment.id, comment });
    },
    "comment.deleted": (comment) => {
      if (ours(comment)) record({ id: comment.id, comment: null });
    },
  });

  return { comments: mergeComments(loaded, changes), record, connected: room.connected };
}
