// How the browser connects to a live room: always
// reconnecting, 20 tries 5 s apart, then it says it is offline. Shared by the
// hooks of the photo rooms and the review rooms.
import { io, type Socket } from "socket.io-client";
import { isLimitRefusal } from "~/lib/live-names";

/** Always reconnecting, 20 tries, 5 s apart (docs/texts-and-limits.md). */
export const RECONNECTION = { attempts: 20, delayMs: 5000 } as const;

export type RoomStatus = "off" | "connecting" | "online" | "offline";

/** Opens a socket to `namespace` with `query` (a new connection: the query belongs to it). */
export function openRoomSocket<S extends Socket>(namespace: string, query: Record<string, string>): S {
  const socket = io(namespace, {
    query,
    // The query belongs to the connection, not the namespace: a cached connection would keep the last room's.
    forceNew: true,
    reconnectionAttempts: RECONNECTION.attempts,
    reconnectionDelay: RECONNECTION.delayMs,
    reconnectionDelayMax: RECONNECTION.delayMs,
    randomizationFactor: 0,
  }) as S;
  // The server ends a member's sockets when their session or rights change; socket.io would leave them
  // closed. Asked once more, the handshake decides: a new role is let in with it, a closed session refused.
  socket.on("disconnect", (reason) => {
    if (reason === "io server disconnect") socket.connect();
  });
  return socket;
}

/** The words to show for a refusal: a limit's sentence (too many windows), or null for the others. */
export function refusalToShow(error: Error): string | null {
  return isLimitRefusal(error.message) ? error.message : null;
}

/**
 * Follows a socket's status: connecting until it is in, online while it is,
 * connecting again while it retries, offline once the retries are spent or the
 * server refused it (a refusal is not retried). Returns the function that stops.
 */
export function watchStatus(socket: Socket, onStatus: (status: RoomStatus) => void): () => void {
  const online = () => onStatus("online");
  const dropped = () => onStatus(socket.active ? "connecting" : "offline");
  const refused = () => {
    // A middleware's refusal leaves the socket inactive; a network failure keeps it retrying.
    onStatus(socket.active ? "connecting" : "offline");
  };
  const gaveUp = () => onStatus("offline");
  socket.on("connect", online);
  socket.on("disconnect", dropped);
  socket.on("connect_error", refused);
  socket.io.on("reconnect_failed", gaveUp);
  return () => {
    socket.off("connect", online);
    socket.off("disconnect", dropped);
    socket.off("connect_error", refused);
    socket.io.off("reconnect_failed", gaveUp);
  };
}
