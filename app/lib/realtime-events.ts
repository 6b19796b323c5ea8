// What viewers of one photo exchange live (spec section 7 "Realtime"): the
// socket.io events both ends are typed with, and the schemas the server checks
// every incoming message against before passing it on, since a client can send
// anything. Shared by the server (app/realtime) and the client hook.
import type { Socket } from "socket.io-client";
import { z } from "zod";
import type { CommentJson } from "~/services/ratings/comment-json.server";

/** A position on the photo as fractions of its width and height, so it means the same at any size. */
const point = z.object({ dx: z.number().finite().min(0).max(1), dy: z.number().finite().min(0).max(1) });

export const PointerMessageSchema = point;

export const CropMessageSchema = z.object({
  // start: first click; drag: the pointer moved with a crop open; end: second click.
  phase: z.enum(["start", "drag", "end"]),
  start: point,
  drag: point.optional(),
  end: point.optional(),
});

/** The member a message came from, added by the server (a client cannot claim to be someone else). */
export type Viewer = { id: number; firstName: string };

/** What a viewer sends. */
export type PointerInput = z.infer<typeof PointerMessageSchema>;
export type CropInput = z.infer<typeof CropMessageSchema>;

/** What the other viewers receive: the message and who sent it. */
export type PointerMessage = PointerInput & { user: Viewer };
export type CropMessage = CropInput & { user: Viewer };

export interface ClientToServerEvents {
  pointer: (message: PointerInput) => void;
  crop: (message: CropInput) => void;
}

/** A comment as the viewers of its photo receive it: the photo's own `Comments` shape (no `Photo`). */
export type PhotoComment = Omit<CommentJson, "Photo">;

/** A comment that is gone (its author or an admin deleted it). */
export type DeletedComment = { id: number; PhotoId: number };

export interface ServerToClientEvents {
  pointer: (message: PointerMessage) => void;
  crop: (message: CropMessage) => void;
  // Sent by the server only, after the change is committed; a viewer's own changes come back too.
  "comment.created": (comment: PhotoComment) => void;
  "comment.updated": (comment: PhotoComment) => void;
  "comment.deleted": (comment: DeletedComment) => void;
}

/** One process serves the club, so its servers tell each other nothing. */
export type InterServerEvents = Record<string, never>;

/** The client's socket on the photo namespace (for the client hook and the tests). */
export type PhotoViewerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Viewers connect to this namespace with `?id={photoId}`. */
export const PHOTO_NAMESPACE = "/photos";
