// The live layer of the full-screen viewer: the other
// members' pointers and crops on the photo, who is viewing it, and the
// functions that share this member's own. One socket to the photo's room
// (/photos?id=) while the viewer is open; visitors (photoId null) get none.
//
//   const live = useLiveLayer(member ? photo.id : null);
//   live.movePointer({ dx, dy });     // on every pointer move; sent once per frame
//   live.sendCrop({ phase: "start", start: { dx, dy } });
import { useCallback, useRef, useState, useSyncExternalStore } from "react";
import type { CropInput, PhotoViewerSocket, PointerInput, Viewer } from "~/lib/realtime-events";
import { PHOTO_NAMESPACE } from "~/lib/live-names";
import { frameCoalescer, type FrameCoalescer } from "./frame-coalescer";
import { LiveRoom, type LiveCrop, type LivePointer } from "./live-book";
import type { RoomStatus } from "./room-socket";
import { useRoomSocket } from "./use-room-socket";

export type { LiveCrop, LivePointer } from "./live-book";
export type { CropInput, Viewer } from "~/lib/realtime-events";

export type LiveLayer = {
  /** off: no room (a visitor); offline: after 20 failed reconnects 5 s apart, or refused. */
  status: RoomStatus;
  /** Why the server refused this window, to show instead of 'Offline' (too many windows on this photo). */
  refusal: string | null;
  /** Everyone in the photo's room now, this member included. */
  viewers: Viewer[];
  /** The other members' pointers, each dropped 5 s after its last move. */
  pointers: LivePointer[];
  /** The other members' crops, in progress or done. */
  crops: LiveCrop[];
  /** Where this member's pointer is on the photo (fractions); sent at most once per frame, as a volatile message. */
  movePointer(point: PointerInput): void;
  /** A step of this member's crop; drags may be dropped on a congested link, the rest never are. */
  sendCrop(message: CropInput): void;
};

const clamp = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));

/**
 * `screen`: the presenter's screen, which only watches: in
 * nobody's presence list, sending nothing, and shown every member's pointer and
 * crop, its own member's (drawn in their viewer) included.
 */
export function useLiveLayer(photoId: number | null, { screen = false }: { screen?: boolean } = {}): LiveLayer {
  const [room] = useState(() => new LiveRoom());
  // Read when the room's snapshot comes (a change of it opens another socket: useRoomSocket's flag).
  const asScreen = useRef(screen);
  asScreen.current = screen;
  const pointerSender = useRef<FrameCoalescer<PointerInput> | null>(null);
  const dragSender = useRef<FrameCoalescer<CropInput> | null>(null);

  const listen = useCallback(
    (socket: PhotoViewerSocket) => {
      pointerSender.current = frameCoalescer((point) => socket.volatile.emit("pointer", point));
      dragSender.current = frameCoalescer((message) => socket.volatile.emit("crop", message));

      // Remote pointers go 5 s after their last move: one timer, for the next one due.
      let expiryTimer: ReturnType<typeof setTimeout> | null = null;
      const scheduleExpiry = () => {
        if (expiryTimer) clearTimeout(expiryTimer);
        expiryTimer = null;
        const due = room.pointers.nextExpiry();
        if (due === null) return;
        expiryTimer = setTimeout(
          () => {
            if (room.pointers.expire(Date.now())) room.changed();
            scheduleExpiry();
          },
          Math.max(0, due - Date.now()),
        );
      };

      socket.on("room", ({ me, viewers, crops }) => {
        // A screen draws no pointer of its own: its member's, from their viewer, is one of those it shows.
        room.me = asScreen.current ? null : me;
        room.presence.snapshot(viewers);
        room.crops.snapshot(crops.filter((crop) => !room.isMe(crop.user)));
        room.tidy();
        room.changed();
      });
      socket.on("viewer.joined", (presence) => {
        room.presence.joined(presence);
        room.changed();
      });
      socket.on("viewer.left", (presence) => {
        room.presence.left(presence);
        room.tidy();
        room.changed();
      });
      // A frame has the latest move of each member that moved in the server's tick, one pointer message each.
      socket.on("pointer", (...frame) => {
        if (room.movedPointers(frame, Date.now())) {
          scheduleExpiry();
          room.changed();
        }
      });
      socket.on("crop", (message) => {
        if (room.isMe(message.user)) return;
        room.crops.received(message);
        room.changed();
      });

      return () => {
        if (expiryTimer) clearTimeout(expiryTimer);
        pointerSender.current?.close();
        dragSender.current?.close();
        pointerSender.current = null;
        dragSender.current = null;
      };
    },
    [room],
  );
  const { status, refusal, socketRef } = useRoomSocket<PhotoViewerSocket>(
    room,
    PHOTO_NAMESPACE,
    "id",
    photoId,
    listen,
    screen ? "screen" : null,
  );

  const movePointer = useCallback((point: PointerInput) => {
    pointerSender.current?.push({ dx: clamp(point.dx), dy: clamp(point.dy) });
  }, []);

  const sendCrop = useCallback(
    (message: CropInput) => {
      const socket = socketRef.current;
      if (!socket) return;
      if (message.phase === "drag") {
        dragSender.current?.push(message);
        return;
      }
      // A start, end or cancel supersedes a drag not sent yet, and is sent reliably
      // (socket.io buffers it while the connection is down and sends it on reconnecting).
      dragSender.current?.drop();
      socket.emit("crop", message);
    },
    [socketRef],
  );

  // The server renders no room: its snapshot is the empty one, as the browser's first.
  const layer = useSyncExternalStore(room.subscribe, room.getSnapshot, room.getSnapshot);

  return { status, refusal, ...layer, movePointer, sendCrop };
}
