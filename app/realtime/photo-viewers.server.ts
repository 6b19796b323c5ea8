// The photo rooms: members looking at the same photo see each other's pointer
// and crop. Viewers connect to /photos?id={photoId}; the handshake admits only
// a logged-in member and a photo they may see, and every message is rate
// limited and validated before it is passed on to the others in the room.
import type { Namespace } from "socket.io";
import type { CommentJson } from "~/services/ratings/comment-json.server";
import { RateLimiterMemory } from "rate-limiter-flexible";
import {
  CropMessageSchema,
  PHOTO_NAMESPACE,
  PointerMessageSchema,
  type ClientToServerEvents,
  type InterServerEvents,
  type PhotoComment,
  type ServerToClientEvents,
  type Viewer,
} from "~/lib/realtime-events";
import { idParam } from "~/server/api.server";
import { canSeePhoto } from "~/services/access.server";
import { memberFromCookieHeader, sessionIdFrom } from "~/services/auth/session.server";
import { DomainError, NotFoundError, NotLoggedInError } from "~/services/errors.server";
import { subscribe } from "~/services/events.server";
import type { RealtimeServer } from "./realtime.server";

/** What the handshake learnt, kept on each socket. */
export type SocketData = { viewer: Viewer; photoId: number; sessionId: string };

type PhotoViewers = Namespace<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * Messages a socket may send per second; the rest are dropped without a word.
 * A pointer moving smoothly needs about one per frame, a crop far fewer; a
 * client sending more is broken or hostile, and every message fans out to the room.
 */
export const MESSAGE_LIMITS = { pointer: 60, crop: 30 };

// The refusals a client sees. Nothing else (no SQL, no stack) reaches it.
const NOT_LOGGED_IN = "unauthorized";
const PHOTO_NOT_FOUND = "photo not found";
const SERVER_ERROR = "server error";

const photoIdFrom = idParam(PHOTO_NOT_FOUND);

const photoRoom = (photoId: number) => `photo:${photoId}`;
const memberRoom = (userId: number) => `member:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export function openPhotoViewers(io: RealtimeServer) {
  const viewers: PhotoViewers = io.of(PHOTO_NAMESPACE);
  const pointerLimit = new RateLimiterMemory({ keyPrefix: "pointer", points: MESSAGE_LIMITS.pointer, duration: 1 });
  const cropLimit = new RateLimiterMemory({ keyPrefix: "crop", points: MESSAGE_LIMITS.crop, duration: 1 });

  viewers.use((socket, next) => {
    admit(socket.request.headers.cookie, socket.handshake.query.id).then(
      (data) => {
        socket.data = data;
        next();
      },
      (error: unknown) => next(refusal(error)),
    );
  });

  viewers.on("connection", (socket) => {
    const { viewer, photoId, sessionId } = socket.data;
    const room = photoRoom(photoId);
    void socket.join([room, memberRoom(viewer.id), sessionRoom(sessionId)]);
    // A rejected consume is the limit reached (or the limiter failing): the message is dropped either way.
    const dropped = () => {};
    socket.on("pointer", (payload: unknown) => {
      pointerLimit.consume(socket.id).then(() => {
        const message = PointerMessageSchema.safeParse(payload);
        if (message.success) socket.to(room).emit("pointer", { ...message.data, user: viewer });
      }, dropped);
    });
    socket.on("crop", (payload: unknown) => {
      cropLimit.consume(socket.id).then(() => {
        const message = CropMessageSchema.safeParse(payload);
        if (message.success) socket.to(room).emit("crop", { ...message.data, user: viewer });
      }, dropped);
    });
  });
}

async function admit(cookieHeader: string | undefined, rawPhotoId: unknown): Promise<SocketData> {
  const sessionId = await sessionIdFrom(cookieHeader);
  const member = sessionId ? await memberFromCookieHeader(cookieHeader) : null;
  if (!sessionId || !member) throw new NotLoggedInError(NOT_LOGGED_IN);
  const photoId = photoIdFrom(typeof rawPhotoId === "string" ? rawPhotoId : undefined);
  // Only viewers of a photo they may see (for members: any photo that exists).
  if (!(await canSeePhoto(member, photoId))) throw new NotFoundError(PHOTO_NOT_FOUND);
  return { viewer: { id: member.id, firstName: member.firstName }, photoId, sessionId };
}

/** The error the client receives: a refusal says why; anything else is logged here and stays here. */
function refusal(error: unknown): Error {
  if (error instanceof DomainError) return new Error(error.message);
  console.error("A photo viewer's handshake failed:", error);
  return new Error(SERVER_ERROR);
}

/** Closes every live connection of a member (their sessions all ended). */
export function disconnectMemberViewers(io: RealtimeServer, userId: number) {
  io.of(PHOTO_NAMESPACE).in(memberRoom(userId)).disconnectSockets(true);
}

/** Closes the live connections opened with one session (it was logged out). */
export function disconnectSessionViewers(io: RealtimeServer, sessionId: string) {
  io.of(PHOTO_NAMESPACE).in(sessionRoom(sessionId)).disconnectSockets(true);
}

/** The photo's own `Comments` shape: the photo a comment is on goes without saying in its room. */
function asPhotoComment({ Photo: _photo, ...comment }: CommentJson): PhotoComment {
  return comment;
}

/**
 * Tells the viewers of a photo about its comments as they are written, edited
 * and deleted (published after the commit, so never a change that was rolled
 * back). Only the photo's room hears them: the handshake let in members who may
 * see the photo, and nobody else. Returns the functions that unsubscribe.
 */
export function relayCommentsToViewers(io: RealtimeServer): (() => void)[] {
  const room = (photoId: number) => io.of(PHOTO_NAMESPACE).to(photoRoom(photoId));
  return [
    subscribe("comment.created", ({ photoId, comment }) =>
      room(photoId).emit("comment.created", asPhotoComment(comment)),
    ),
    subscribe("comment.updated", ({ photoId, comment }) =>
      room(photoId).emit("comment.updated", asPhotoComment(comment)),
    ),
    subscribe("comment.deleted", ({ photoId, commentId }) =>
      room(photoId).emit("comment.deleted", { id: commentId, PhotoId: photoId }),
    ),
  ];
}
