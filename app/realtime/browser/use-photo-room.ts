// The browser's end of a photo's live room (docs/realtime.md): one
// socket to the /photos namespace per photo on screen, reconnecting 20 times
// 5 s apart when the connection drops. Whatever the screen listens for (new,
// edited and deleted comments; later the pointers and crops of full screen) is
// passed to the latest listeners, so they may close over fresh state.
//
//   usePhotoRoom(photo.id, { "comment.created": (comment) => ... });
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { PhotoViewerSocket, ServerToClientEvents } from "~/lib/realtime-events";
import { PHOTO_NAMESPACE } from "~/lib/live-names";
import { openRoomSocket } from "./room-socket";

export { RECONNECTION } from "./room-socket";

export type PhotoRoomListeners = Partial<ServerToClientEvents>;

export type PhotoRoom = {
  /** The socket, once there is one, for sending. */
  socket: PhotoViewerSocket | null;
  /** In the room now: what others do arrives as it happens. */
  connected: boolean;
};

/** Joins the room of `photoId` (null: none, as for a visitor) while the component is on screen. */
export function usePhotoRoom(photoId: number | null, listeners: PhotoRoomListeners): PhotoRoom {
  const latest = useRef(listeners);
  useEffect(() => {
    latest.current = listeners;
  });
  // What was said while the connection was down is not sent again: the page's data is reloaded instead.
  const { revalidate } = useRevalidator();
  const reload = useRef(revalidate);
  useEffect(() => {
    reload.current = revalidate;
  });
  const [socket, setSocket] = useState<PhotoViewerSocket | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (photoId === null) return;
    const room = openRoomSocket<PhotoViewerSocket>(PHOTO_NAMESPACE, { id: String(photoId) });
    room.onAny((event: string, message: unknown) => {
      const listener = latest.current[event as keyof ServerToClientEvents] as ((message: unknown) => void) | undefined;
      listener?.(message);
    });
    const onReconnect = () => void reload.current();
    room.io.on("reconnect", onReconnect);
    room.on("connect", () => setConnected(true));
    room.on("disconnect", () => setConnected(false));
    setSocket(room);
    return () => {
      room.io.off("reconnect", onReconnect);
      room.disconnect();
      setSocket(null);
      setConnected(false);
    };
  }, [photoId]);

  return { socket, connected };
}
