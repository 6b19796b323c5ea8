// socket.io on the site's own HTTP server. The running app holds one server
// handle for its whole life, kept on globalThis like the database handle so
// Vite's module reloads in development still reach the one server.js attached.
//
// Services never call in here: they publish what happened (events.server.ts)
// and this layer, while attached, acts on it.
import type http from "node:http";
import { Server } from "socket.io";
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents } from "~/lib/realtime-events";
import { REVIEW_NAMESPACE } from "~/lib/live-names";
import { env } from "~/env.server";
import { subscribe } from "~/services/events.server";
import { roomAdapter, type RoomAdapter, type ScaleOut } from "./adapter.server";
import { memberRoom, sessionRoom } from "./handshake.server";
import { liveGate, liveLimits, type LiveLimits } from "./live-limits.server";
import { isSameSiteHandshake } from "./origin.server";
import {
  openPhotoViewers,
  relayCommentsToViewers,
  relayRevealToViewers,
  type SocketData,
} from "./photo-viewers.server";
import { openReviewRooms, relayRevealToReviewRooms } from "./review-room.server";

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** `unsubscribe` also stops the photo rooms' pointer frames. */
type Attached = { io: RealtimeServer; rooms: RoomAdapter; unsubscribe: () => void };

const holder = globalThis as typeof globalThis & { __clubRealtime?: Attached };

/** The namespaces a member's sockets may be in: closing them means closing every one. */
const NAMESPACES = ["/photos", "/review"] as const;

/** The largest message a client may send (a pointer or a view is under 200 bytes). */
const MAX_MESSAGE_BYTES = 16 * 1024;

/** A connection that joins no namespace in this time is closed (socket.io's default is 45 s). */
const JOIN_TIMEOUT_MS = 10_000;

/** What a client asking for the default namespace `/` is told: the club's live layer has none. */
export const NO_DEFAULT_NAMESPACE = "There is nothing live here.";

/**
 * Starts socket.io on `httpServer` and listens for the club's events until
 * `closeRealtime`. `scaleOut` chooses the adapter (adapter.server.ts); unless
 * given, the settings' DATABASE_URL and REDIS_URL do (what server.ts wants;
 * the socket tests pass {} for the in-memory one). `limits` are the settings'
 * unless given (live-limits.server.ts; tests lower them).
 */
export function attachRealtime(
  httpServer: http.Server,
  scaleOut: ScaleOut = { databaseUrl: env().DATABASE_URL, redisUrl: env().REDIS_URL },
  limits: LiveLimits = liveLimits(env()),
): RealtimeServer {
  if (holder.__clubRealtime) throw new Error("Realtime is already attached (closeRealtime was not called).");
  const rooms = roomAdapter(scaleOut);
  const gate = liveGate(limits);
  const io: RealtimeServer = new Server(httpServer, {
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    connectTimeout: JOIN_TIMEOUT_MS,
    adapter: rooms.adapter,
    // A browser page of another site must not open a socket with a member's cookie; an address
    // (behind a trusted proxy, the one it forwards) holds at most its share of connections.
    allowRequest: (request, answer) => answer(null, isSameSiteHandshake(request) && gate.mayConnect(request)),
  });
  io.engine.on("connection", (connection: { request: http.IncomingMessage; once(e: "close", f: () => void): void }) =>
    gate.opened(connection.request, (release) => connection.once("close", release)),
  );
  // The club's live layer is its namespaces (/photos, /review); the default one admits nobody, so a
  // visitor's sockets there cost nothing past the handshake, which the address's caps count.
  io.of("/").use((_socket, next) => next(new Error(NO_DEFAULT_NAMESPACE)));
  const stopFrames = openPhotoViewers(io, gate);
  openReviewRooms(io, gate);
  // Through the adapter, so the member's sockets on every app process close.
  const disconnect = (room: string) => NAMESPACES.forEach((name) => io.of(name).in(room).disconnectSockets(true));
  const unsubscribers = [
    subscribe("sessions.ended", ({ userId }) => disconnect(memberRoom(userId))),
    subscribe("session.ended", ({ sessionId }) => disconnect(sessionRoom(sessionId))),
    // Only the review rooms act on a role; the member's windows come back with the new one.
    subscribe("member.rights.changed", ({ userId }) =>
      io.of(REVIEW_NAMESPACE).in(memberRoom(userId)).disconnectSockets(true),
    ),
    ...relayCommentsToViewers(io),
    relayRevealToViewers(io),
    relayRevealToReviewRooms(io),
  ];
  const unsubscribe = () => {
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    stopFrames();
  };
  holder.__clubRealtime = { io, rooms, unsubscribe };
  return io;
}

/** Which adapter carries the rooms ("memory", "postgres" or "redis"). */
export function realtimeAdapterKind(): RoomAdapter["kind"] {
  if (!holder.__clubRealtime) throw new Error("Realtime is not attached yet (attachRealtime was not called).");
  return holder.__clubRealtime.rooms.kind;
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
  await attached.rooms.close();
}
