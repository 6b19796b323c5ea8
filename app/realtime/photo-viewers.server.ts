// The photo rooms: members looking at the same photo see each other's pointer
// and crop, and who is viewing. Viewers connect to /photos?id={photoId}; the
// handshake admits only a logged-in member and a photo they may see, and every
// message is rate limited and validated before it is passed on to the others.
//
// What a room remembers (who is in it, each member's crop) lives on its
// sockets (socket.data), and a joiner reads it with fetchSockets(), which the
// socket.io adapter answers from every app process: nothing to keep in step.
import type { Namespace, Socket } from "socket.io";
import type { CommentJson } from "~/services/ratings/comment-json.server";
import { RateLimiterMemory } from "rate-limiter-flexible";
import {
  CropMessageSchema,
  PHOTO_NAMESPACE,
  PointerMessageSchema,
  type ClientToServerEvents,
  type CropInput,
  type InterServerEvents,
  type PhotoComment,
  type ServerToClientEvents,
  type Viewer,
} from "~/lib/realtime-events";
import { idParam } from "~/server/api.server";
import { canSeePhoto } from "~/services/access.server";
import { NotFoundError } from "~/services/errors.server";
import { subscribe } from "~/services/events.server";
import { admission, memberOfHandshake, memberRoom, queryValue, sessionRoom } from "./handshake.server";
import type { RealtimeServer } from "./realtime.server";
import { PointerFrames, type RoomFrame } from "./pointer-frames";
import { cropTime, cropsOf, presenceOf, type CropRecord } from "./room-state";

/** What the handshake learnt, kept on each socket, and the crop step it sent last. */
export type SocketData = { viewer: Viewer; photoId: number; sessionId: string; crop?: CropRecord };

type PhotoViewers = Namespace<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type PhotoViewerConnection = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * Messages a socket may send per second; the rest are dropped without a word.
 * A pointer moving smoothly needs about one per frame (the client sends at most
 * 50), a crop being drawn the same; its clicks (start, end, cancel) far fewer,
 * with a budget of their own so a flood of drags never costs a crop its end.
 * A client sending more is broken or hostile. Pointer moves reach the room in
 * frames (pointer-frames.ts); crop steps one by one, in the order drawn.
 */
export const MESSAGE_LIMITS = { pointer: 60, drag: 60, crop: 10 };

const PHOTO_NOT_FOUND = "photo not found";

const photoIdFrom = idParam(PHOTO_NOT_FOUND);

const photoRoom = (photoId: number) => `photo:${photoId}`;
/** One member's sockets on one photo (their windows), to tell whether they are still there. */
const memberPhotoRoom = (photoId: number, userId: number) => `photo:${photoId}:member:${userId}`;

/** Opens the namespace; returns the function that stops its pointer frames (when the server closes). */
export function openPhotoViewers(io: RealtimeServer): () => void {
  const viewers: PhotoViewers = io.of(PHOTO_NAMESPACE);
  const frames = new PointerFrames((room, frame) => sendFrame(viewers, room, frame));
  const limiter = (keyPrefix: keyof typeof MESSAGE_LIMITS) =>
    new RateLimiterMemory({ keyPrefix, points: MESSAGE_LIMITS[keyPrefix], duration: 1 });
  const limits = { pointer: limiter("pointer"), drag: limiter("drag"), crop: limiter("crop") };

  viewers.use(admission("id", "photo viewer", admit));

  viewers.on("connection", (socket) => {
    const { viewer, photoId, sessionId } = socket.data;
    const room = photoRoom(photoId);
    void socket.join([room, memberPhotoRoom(photoId, viewer.id), memberRoom(viewer.id), sessionRoom(sessionId)]);
    socket.to(room).emit("viewer.joined", { socketId: socket.id, user: viewer });
    void sendSnapshot(viewers, socket);

    // A rejected consume is the limit reached (or the limiter failing): the message is dropped either way.
    const dropped = () => {};
    socket.on("pointer", (payload: unknown) => {
      limits.pointer.consume(socket.id).then(() => {
        const message = PointerMessageSchema.safeParse(payload);
        if (message.success) frames.moved(room, viewer, socket.id, message.data);
      }, dropped);
    });
    socket.on("crop", (payload: unknown) => {
      const isDrag =
        typeof payload === "object" && payload !== null && (payload as { phase?: unknown }).phase === "drag";
      (isDrag ? limits.drag : limits.crop).consume(socket.id).then(() => {
        const message = CropMessageSchema.safeParse(payload);
        if (!message.success) return;
        socket.data.crop = { message: message.data, at: cropTime() };
        socket.to(room).emit("crop", { ...message.data, user: viewer });
      }, dropped);
    });
    socket.on("disconnect", () => {
      frames.left(room, socket.id);
      viewers.to(room).emit("viewer.left", { socketId: socket.id, user: viewer });
      void takeAwayCrop(viewers, photoId, viewer, socket.data.crop);
      for (const limit of Object.values(limits)) void limit.delete(socket.id);
    });
  });
  return () => frames.close();
}

/**
 * One tick's frame to a room, on every app process (one adapter message): the
 * sockets that sent a move get, from this process, the frame less their own
 * member's move. Volatile: a viewer whose link is busy skips it; the next
 * frame has where the pointers are by then.
 */
function sendFrame(viewers: PhotoViewers, room: string, { frame, senders }: RoomFrame) {
  const sent = senders.flatMap(({ socketIds }) => socketIds);
  viewers
    .to(room)
    .except(sent)
    .volatile.emit("pointer", ...frame);
  for (const { socketIds, frame: theirs } of senders) {
    if (theirs.length === 0) continue;
    for (const id of socketIds) viewers.sockets.get(id)?.volatile.emit("pointer", ...theirs);
  }
}

/** Tells a joiner who is in the room and shows them the crops already drawn (from every app process). */
async function sendSnapshot(viewers: PhotoViewers, socket: PhotoViewerConnection) {
  try {
    const sockets = await viewers.in(photoRoom(socket.data.photoId)).fetchSockets();
    socket.emit("room", { me: socket.data.viewer, viewers: presenceOf(sockets), crops: cropsOf(sockets) });
  } catch (error) {
    console.error("A photo room's snapshot failed:", error);
  }
}

/**
 * A window closed with its member's crop on screen. If it was their last in
 * the room, everyone drops the crop on hearing they left; if another window of
 * theirs stays and holds nothing newer, the crop is taken away now, so the
 * others and anyone joining later agree.
 */
async function takeAwayCrop(viewers: PhotoViewers, photoId: number, viewer: Viewer, crop: CropRecord | undefined) {
  if (!crop || crop.message.phase === "cancel") return;
  try {
    const windows = await viewers.in(memberPhotoRoom(photoId, viewer.id)).fetchSockets();
    if (windows.length === 0 || windows.some((other) => other.data.crop && other.data.crop.at > crop.at)) return;
    const cancel: CropInput = { phase: "cancel" };
    viewers.to(photoRoom(photoId)).emit("crop", { ...cancel, user: viewer });
  } catch (error) {
    console.error("A photo room's crop could not be taken away:", error);
  }
}

async function admit(cookieHeader: string | undefined, rawPhotoId: unknown): Promise<SocketData> {
  const { member, sessionId } = await memberOfHandshake(cookieHeader);
  const photoId = photoIdFrom(queryValue(rawPhotoId));
  // Only viewers of a photo they may see (for members: any photo that exists).
  if (!(await canSeePhoto(member, photoId))) throw new NotFoundError(PHOTO_NOT_FOUND);
  return { viewer: { id: member.id, firstName: member.firstName }, photoId, sessionId };
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
