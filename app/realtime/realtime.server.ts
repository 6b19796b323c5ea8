// socket.io on the site's own HTTP server. The running app holds one server
// handle for its whole life, kept on globalThis like the database handle so
// Vite's module reloads in development still reach the one server.js attached.
//
// Services never call in here: they publish what happened (events.server.ts)
// and this layer, while attached, acts on it.
import type http from "node:http";
import { Server } from "socket.io";
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents } from "~/lib/realtime-events";
import { subscribe } from "~/services/events.server";
import { isSameSiteHandshake } from "./origin.server";
import {
  disconnectMemberViewers,
  disconnectSessionViewers,
  openPhotoViewers,
  relayCommentsToViewers,
  type SocketData,
} from "./photo-viewers.server";

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

type Attached = { io: RealtimeServer; unsubscribe: () => void };

const holder = globalThis as typeof globalThis & { __clubRealtime?: Attached };

/** Starts socket.io on `httpServer` and listens for the club's events until `closeRealtime`. */
export function attachRealtime(httpServer: http.Server): RealtimeServer {
  if (holder.__clubRealtime) throw new Error("Realtime is already attached (closeRealtime was not called).");
  const io: RealtimeServer = new Server(httpServer, {
    serveClient: false,
    // A browser page of another site must not open a socket with a member's cookie.
    allowRequest: (request, answer) => answer(null, isSameSiteHandshake(request)),
  });
  openPhotoViewers(io);
  const unsubscribers = [
    subscribe("sessions.ended", ({ userId }) => disconnectMemberViewers(io, userId)),
    subscribe("session.ended", ({ sessionId }) => disconnectSessionViewers(io, sessionId)),
    ...relayCommentsToViewers(io),
  ];
  holder.__clubRealtime = { io, unsubscribe: () => unsubscribers.forEach((unsubscribe) => unsubscribe()) };
  return io;
}

/** The running socket.io server. */
export function realtimeServer(): RealtimeServer {
  if (!holder.__clubRealtime) throw new Error("Realtime is not attached yet (attachRealtime was not called).");
  return holder.__clubRealtime.io;
}

/** Stops listening to the club's events and closes every socket (and the HTTP server it was attached to). */
export async function closeRealtime() {
  const attached = holder.__clubRealtime;
  holder.__clubRealtime = undefined;
  if (!attached) return;
  attached.unsubscribe();
  await attached.io.close();
}
