// The photo rooms: members looking at the same photo see each other's pointer
// and crop, and who is viewing. Viewers connect to /photos?id={photoId}; the
// handshake admits only a logged-in member and a photo they may see (within
// the caps of live-limits.server.ts), and every message is counted against its
// member's budget and validated before it is passed on to the others.
//
// What a room remembers (who is in it, each member's crop) lives on its
// sockets (socket.data), and a joiner reads it with fetchSockets(), which the
// socket.io adapter answers from every app process: nothing to keep in step.
//
// A photo whose anonymous meeting is unrevealed (access.server: authorHiddenFrom)
// changes nothing here about who is who: its owner is named in its room like
// every other member (liveViewerOf), so the list of viewers, their pointers and
// crops, and joining and leaving carry nothing that sets the owner apart, not
// even by elimination ("4 viewing", three names and "the author" named the
// fourth), nor a pseudonym whose comings and goings could be paired across
// rooms. Only the owner's comments read as 'the author' to the others, and
// their own windows are told them as theirs. The reveal ends the rooms'
// sockets (relayReveal), and the windows load the names again.
import type { Namespace, Socket } from "socket.io";
import type { CommentJson } from "~/lib/club-json";
import {
  CropMessageSchema,
  PointerMessageSchema,
  type ClientToServerEvents,
  type CropInput,
  type InterServerEvents,
  type PhotoComment,
  type ServerToClientEvents,
  type Viewer,
} from "~/lib/realtime-events";
import { PHOTO_NAMESPACE } from "~/lib/live-names";
import { idParam } from "~/services/id-params.server";
import { canSeePhoto, liveViewerOf } from "~/services/access.server";
import { NotFoundError } from "~/services/errors.server";
import { subscribe, type ClubEvents } from "~/services/events.server";
import { admission, memberOfHandshake, memberRoom, queryValue, sessionRoom } from "./handshake.server";
import type { LiveGate } from "./live-limits.server";
import { MessageBudget } from "./message-budget";
import type { RealtimeServer } from "./realtime.server";
import { PointerFrames, type RoomFrame } from "./pointer-frames";
import { cropTime, cropsOf, presenceOf, type CropRecord } from "./room-state";
import { logger } from "~/base/logger.server";

/**
 * What the handshake learnt, kept on each socket, and the crop step it sent
 * last: `viewer` is who the room is told the socket is (access.server's
 * liveViewerOf), `memberId` who it is (budgets, log-outs).
 */
export type SocketData = {
  viewer: Viewer;
  memberId: number;
  photoId: number;
  sessionId: string;
  crop?: CropRecord;
  /** A presenter's screen (`screen=1`): it only watches, in nobody's presence list. */
  screen?: boolean;
};

type PhotoViewers = Namespace<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type PhotoViewerConnection = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * Messages a member may send per second, across all their sockets (so more
 * windows never buy more); the rest are dropped without a word. A pointer
 * moving smoothly needs about one per frame (the client sends at most 50), a
 * crop being drawn the same; its clicks (start, end, cancel) far fewer, with a
 * budget of their own so a flood of drags never costs a crop its end. A client
 * sending more is broken or hostile. Pointer moves and crop drags reach the
 * room in frames (pointer-frames.ts); a crop's clicks one by one, in order.
 */
export const MESSAGE_LIMITS = { pointer: 60, drag: 60, crop: 10 };

const PHOTO_NOT_FOUND = "photo not found";

const photoIdFrom = idParam(PHOTO_NOT_FOUND);

const photoRoom = (photoId: number) => `photo:${photoId}`;
/** One member's sockets on one photo (their windows): to tell whether they are still there, and to leave them out. */
const windowsIn = (room: string, userId: number) => `${room}:member:${userId}`;
const memberPhotoRoom = (photoId: number, userId: number) => windowsIn(photoRoom(photoId), userId);

/** Opens the namespace; returns the function that stops its pointer frames (when the server closes). */
export function openPhotoViewers(io: RealtimeServer, gate: LiveGate): () => void {
  const viewers: PhotoViewers = io.of(PHOTO_NAMESPACE);
  const frames = new PointerFrames((room, frame) => sendFrame(viewers, room, frame));
  const budget = (kind: keyof typeof MESSAGE_LIMITS) => new MessageBudget<number>(MESSAGE_LIMITS[kind], 1000);
  const limits = { pointer: budget("pointer"), drag: budget("drag"), crop: budget("crop") };

  viewers.use(admission("id", "photo viewer", gate, ({ photoId }) => photoRoom(photoId), admit));

  viewers.on("connection", (socket) => {
    const { viewer, memberId, photoId, sessionId } = socket.data;
    const room = photoRoom(photoId);
    if (socket.handshake.query.screen === "1") return watchAsScreen(viewers, socket);
    const ownWindows = memberPhotoRoom(photoId, viewer.id);
    void socket.join([room, ownWindows, memberRoom(memberId), sessionRoom(sessionId)]);
    socket.to(room).emit("viewer.joined", { socketId: socket.id, user: viewer });
    void sendSnapshot(viewers, socket);

    // Counted before it is parsed: a malformed message costs its sender's budget as much as a good one.
    socket.on("pointer", (payload: unknown) => {
      if (!limits.pointer.take(memberId)) return;
      const message = PointerMessageSchema.safeParse(payload);
      if (message.success) frames.moved(room, viewer, socket.id, message.data);
    });
    socket.on("crop", (payload: unknown) => {
      const isDrag =
        typeof payload === "object" && payload !== null && (payload as { phase?: unknown }).phase === "drag";
      if (!(isDrag ? limits.drag : limits.crop).take(memberId)) return;
      const message = CropMessageSchema.safeParse(payload);
      if (!message.success) return;
      socket.data.crop = { message: message.data, at: cropTime() };
      if (message.data.phase === "drag") return frames.dragged(room, viewer, socket.id, message.data);
      frames.stepped(room, viewer.id);
      // The member's own windows draw their crop themselves: it never comes back to them.
      viewers
        .to(room)
        .except(ownWindows)
        .emit("crop", { ...message.data, user: viewer });
    });
    socket.on("disconnect", () => {
      frames.left(room, socket.id);
      viewers.to(room).emit("viewer.left", { socketId: socket.id, user: viewer });
      void takeAwayCrop(viewers, photoId, viewer, socket.data.crop);
    });
  });
  return () => frames.close();
}

/**
 * One tick's frame to a room, on every app process (one adapter message): the
 * sockets that sent a move get, from this process, the frame less their own
 * member's move. Volatile: a viewer whose link is busy skips it; the next
 * frame has where the pointers are by then. Then each dragging member's
 * latest drag, to all but their own windows: reliably, since a second volatile
 * message to a socket in the same turn is always dropped (its link is busy
 * writing the first), and at most one per member and tick.
 */
function sendFrame(viewers: PhotoViewers, room: string, { frame, senders, drags }: RoomFrame) {
  if (frame.length > 0) {
    const sent = senders.flatMap(({ socketIds }) => socketIds);
    viewers
      .to(room)
      .except(sent)
      .volatile.emit("pointer", ...frame);
  }
  for (const { socketIds, frame: theirs } of senders) {
    if (theirs.length === 0) continue;
    for (const id of socketIds) viewers.sockets.get(id)?.volatile.emit("pointer", ...theirs);
  }
  for (const drag of drags) viewers.to(room).except(windowsIn(room, drag.user.id)).emit("crop", drag);
}

/**
 * The presenter's screen: the one window the call sees shows
 * the members' pointers and crops as their viewers do, from the same messages
 * under the same names, so it only receives. It is in the room but not in its
 * member's own windows' room, so the host's own pointer and crop (from their
 * viewer) reach it too; it is in nobody's presence list and sends nothing (no
 * handler listens), as the review room's `watch=1`.
 */
function watchAsScreen(viewers: PhotoViewers, socket: PhotoViewerConnection) {
  const { photoId, memberId, sessionId } = socket.data;
  socket.data.screen = true;
  void socket.join([photoRoom(photoId), memberRoom(memberId), sessionRoom(sessionId)]);
  void sendSnapshot(viewers, socket);
}

/** Tells a joiner who is in the room and shows them the crops already drawn (from every app process). */
async function sendSnapshot(viewers: PhotoViewers, socket: PhotoViewerConnection) {
  try {
    const sockets = (await viewers.in(photoRoom(socket.data.photoId)).fetchSockets()).filter((s) => !s.data.screen);
    socket.emit("room", { me: socket.data.viewer, viewers: presenceOf(sockets), crops: cropsOf(sockets) });
  } catch (error) {
    logger().error({ err: error }, "A photo room's snapshot failed");
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
    viewers
      .to(photoRoom(photoId))
      .except(memberPhotoRoom(photoId, viewer.id))
      .emit("crop", { ...cancel, user: viewer });
  } catch (error) {
    logger().error({ err: error }, "A photo room's crop could not be taken away");
  }
}

async function admit(cookieHeader: string | undefined, rawPhotoId: unknown): Promise<SocketData> {
  const { member, sessionId } = await memberOfHandshake(cookieHeader);
  const photoId = photoIdFrom(queryValue(rawPhotoId));
  // Only viewers of a photo they may see (for members: any photo that exists).
  if (!(await canSeePhoto(member, photoId))) throw new NotFoundError(PHOTO_NOT_FOUND);
  return { viewer: liveViewerOf(member), memberId: member.id, photoId, sessionId };
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
  const viewers = io.of(PHOTO_NAMESPACE);
  const room = (photoId: number) => viewers.to(photoRoom(photoId));
  // While the photo's owner is hidden, their own windows get their own copy (naming them).
  const relay =
    (name: "comment.created" | "comment.updated") =>
    ({ photoId, comment, ownerSees }: ClubEvents["comment.created"]) => {
      if (!ownerSees) return room(photoId).emit(name, asPhotoComment(comment));
      const owners = memberPhotoRoom(photoId, ownerSees.userId);
      viewers.to(photoRoom(photoId)).except(owners).emit(name, asPhotoComment(comment));
      viewers.to(owners).emit(name, asPhotoComment(ownerSees.comment));
    };
  return [
    subscribe("comment.created", relay("comment.created")),
    subscribe("comment.updated", relay("comment.updated")),
    subscribe("comment.deleted", ({ photoId, commentId }) =>
      room(photoId).emit("comment.deleted", { id: commentId, PhotoId: photoId }),
    ),
  ];
}

/**
 * An anonymous meeting's names were revealed (or its anonymity changed): the
 * sockets in its photos' rooms end, and the windows connect again (as after
 * any server-side end), now under the names the handshake gives them.
 */
export function relayRevealToViewers(io: RealtimeServer): () => void {
  return subscribe("meeting.revealed", ({ photoIds }) => {
    const rooms = photoIds.map(photoRoom);
    if (rooms.length > 0) io.of(PHOTO_NAMESPACE).in(rooms).disconnectSockets(true);
  });
}
