// The life of one socket to a live room, shared by the photo's live layer and
// the meeting's review lead: while `roomId` is set, a socket to the room with
// its status followed; the books the room's messages fill are emptied when the
// room changes, when the connection drops (the room's snapshot arrives again
// on reconnecting) and when the viewer closes. The caller only says which
// messages fill its books (`listen`, returning what to close with the socket)
// and reads them through useSyncExternalStore (the books are a BookStore).
import { useEffect, useRef, useState, type MutableRefObject } from "react";
import type { Socket } from "socket.io-client";
import { openRoomSocket, refusalToShow, watchStatus, type RoomStatus } from "./room-socket";

export type RoomSocket<S extends Socket> = {
  status: RoomStatus;
  /** Why the server refused this window, in words to show (too many windows), or null. */
  refusal: string | null;
  /** The open socket (null while there is no room). */
  socketRef: MutableRefObject<S | null>;
};

/**
 * One socket to `namespace` with `{ [queryName]: roomId }` (and `{ [flag]: "1" }`
 * when a flag is given: a presenter's `screen`) while `roomId` is not null.
 * `listen` must be stable (a useCallback): a new one reopens the socket.
 */
export function useRoomSocket<S extends Socket>(
  books: { clear(): void; changed(): void },
  namespace: string,
  queryName: string,
  roomId: number | null,
  listen: (socket: S) => () => void,
  flag: string | null = null,
): RoomSocket<S> {
  const [status, setStatus] = useState<RoomStatus>("off");
  const [refusal, setRefusal] = useState<string | null>(null);
  const socketRef = useRef<S | null>(null);

  useEffect(() => {
    books.clear();
    books.changed();
    if (roomId === null) {
      setStatus("off");
      return;
    }
    setStatus("connecting");
    setRefusal(null);
    const socket = openRoomSocket<S>(namespace, { [queryName]: String(roomId), ...(flag ? { [flag]: "1" } : {}) });
    socketRef.current = socket;
    const stopWatching = watchStatus(socket, setStatus);
    socket.on("connect", () => setRefusal(null));
    socket.on("connect_error", (error: Error) => setRefusal(refusalToShow(error)));
    const stopListening = listen(socket);
    // Back after a drop: the room's snapshot arrives again, so start from nothing.
    socket.on("disconnect", () => {
      books.clear();
      books.changed();
    });

    return () => {
      stopWatching();
      stopListening();
      socket.disconnect();
      socketRef.current = null;
      books.clear();
    };
  }, [books, namespace, queryName, roomId, listen, flag]);

  return { status, refusal, socketRef };
}
