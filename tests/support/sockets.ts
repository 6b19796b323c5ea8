// The one harness for socket tests: a real HTTP server with the club's realtime
// layer on an ephemeral port, and socket.io clients that connect the way a
// member's browser does (cookie, optional Origin). Every wait is on an event,
// never on a timer, so a slow machine makes the tests slower, not flaky.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { io as connectClient, type Socket } from "socket.io-client";
import type {
  PhotoViewerSocket,
  PointerFrame,
  PointerMessage,
  ReviewServerToClientEvents,
  ReviewSnapshot,
  ReviewSocket,
  ServerToClientEvents,
} from "~/lib/realtime-events";
import { PHOTO_NAMESPACE, REVIEW_NAMESPACE } from "~/lib/live-names";
import { env } from "~/env.server";
import { liveLimits, type LiveLimits } from "~/realtime/server/live-limits.server";
import { attachRealtime, closeRealtime, type RealtimeServer } from "~/realtime/server/realtime.server";
import { expect } from "vitest";
import { action as userApi } from "~/routes/api/users.user";
import { cookieFor, request } from "./members";
import { call } from "./routes";
import { sharedResource } from "./shared-resource";

export type SocketServer = {
  url: string;
  io: RealtimeServer;
  /** A viewer of a photo; `outcome` settles from the start, so a fast answer is never missed. */
  viewer(photoId: number | string, options?: ClientOptions): TestViewer;
  /** A member in a meeting's review room (/review?meeting=). */
  reviewer(meetingId: number | string, options?: ClientOptions): TestReviewer;
  /** Closes every client, then socket.io and its HTTP server. */
  close(): Promise<void>;
};

type Watched = {
  /** "connected", or the message of the connect_error. */
  outcome: Promise<"connected" | string>;
  /** The reason it was disconnected, once it is. */
  disconnection: Promise<string>;
};

export type TestViewer = PhotoViewerSocket & Watched;
export type TestReviewer = ReviewSocket & Watched;

/** How a client connects: as a member (their cookie), from a page (its Origin), through a proxy (its X-Forwarded-For). */
export type ClientOptions = { cookie?: string; origin?: string; forwardedFor?: string };

/** A client of `namespace` at `url`, connecting the way a member's browser does. */
export function connectTo<S extends Socket>(
  url: string,
  namespace: string,
  query: Record<string, string>,
  { cookie, origin, forwardedFor }: ClientOptions = {},
): S & Watched {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (origin) headers.Origin = origin;
  if (forwardedFor) headers["X-Forwarded-For"] = forwardedFor;
  const socket = connectClient(`${url}${namespace}`, {
    query,
    extraHeaders: headers,
    transports: ["websocket"],
    reconnection: false,
    // Each client is its own connection, like another browser.
    forceNew: true,
  }) as unknown as S & Watched;
  socket.outcome = new Promise((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (error: Error) => resolve(error.message));
  });
  socket.disconnection = new Promise((resolve) => socket.once("disconnect", (reason: string) => resolve(reason)));
  return socket;
}

/**
 * Starts a real HTTP server on 127.0.0.1 with realtime attached (call `close`
 * in afterAll), with the settings' live limits but for those `limits` give.
 */
export async function startSocketServer(limits: Partial<LiveLimits> = {}): Promise<SocketServer> {
  const server = http.createServer();
  // The in-memory adapter: one process (tests/integration/realtime-replicas.test.ts runs two on PostgreSQL).
  const io = attachRealtime(server, {}, { ...liveLimits(env()), ...limits });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients: Socket[] = [];

  return {
    url,
    io,
    viewer(photoId, options) {
      const socket = connectTo<PhotoViewerSocket>(url, PHOTO_NAMESPACE, { id: String(photoId) }, options);
      clients.push(socket);
      return socket;
    },
    reviewer(meetingId, options) {
      const socket = connectTo<ReviewSocket>(url, REVIEW_NAMESPACE, { meeting: String(meetingId) }, options);
      clients.push(socket);
      return socket;
    },
    async close() {
      clients.forEach((client) => client.close());
      await closeRealtime();
    },
  };
}

/** A socket server for the file's tests, closed after the last. */
export function useSocketServer(limits: Partial<LiveLimits> = {}): SocketServer {
  return sharedResource(
    () => startSocketServer(limits),
    (sockets) => sockets.close(),
  );
}

/** Resolves once the viewer is in; fails with the refusal otherwise. */
export async function connected(socket: Watched) {
  const outcome = await socket.outcome;
  if (outcome !== "connected") throw new Error(`expected to connect, was refused: ${outcome}`);
}

/** The refusal's message; fails if the viewer got in. */
export async function refused(socket: Watched): Promise<string> {
  const outcome = await socket.outcome;
  if (outcome === "connected") throw new Error("expected a refusal, but the viewer connected");
  return outcome;
}

/** Resolves with the one message a once-listener, handed over by `listen`, receives. */
function firstMessage<M>(listen: (listener: (message: M) => void) => void): Promise<M> {
  return new Promise((resolve) => listen(resolve));
}

/** The next message of that event the socket receives. */
export function nextMessage<E extends keyof ServerToClientEvents>(
  socket: PhotoViewerSocket,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return firstMessage((listener) => socket.once(event, listener as never));
}

/** The next pointer frame the viewer hears: every pointer message of one server tick (`pointer(...frame)`). */
export function nextFrame(socket: PhotoViewerSocket): Promise<PointerFrame> {
  return new Promise((resolve) => socket.once("pointer", (...frame) => resolve(frame)));
}

/** The pointer message the others receive of a member's move: user id and first name, dx, dy. */
export const pointerOf = (member: { id: number; firstName: string }, dx: number, dy: number): PointerMessage => ({
  dx,
  dy,
  user: { id: member.id, firstName: member.firstName },
});

/**
 * The pointer frames the viewer hears from now until one holds a move that
 * `until` picks (that frame included): moves reach a room in frames, one per
 * server tick, so a move sent after another may come in the same frame.
 */
export function framesUntil(
  socket: PhotoViewerSocket,
  until: (move: PointerMessage) => boolean,
): Promise<PointerFrame[]> {
  const frames: PointerFrame[] = [];
  return new Promise((resolve) => {
    const listener = (...frame: PointerFrame) => {
      frames.push(frame);
      if (!frame.some(until)) return;
      socket.off("pointer", listener);
      resolve(frames);
    };
    socket.on("pointer", listener);
  });
}

/** The next message of that event a review room member receives. */
export function nextReview<E extends keyof ReviewServerToClientEvents>(
  socket: ReviewSocket,
  event: E,
): Promise<Parameters<ReviewServerToClientEvents[E]>[0]> {
  return firstMessage((listener) => socket.once(event, listener as never));
}

/** `member` in the review room of `meetingId`, with the snapshot received on joining. */
export async function enterReview(
  sockets: SocketServer,
  meetingId: number,
  member: { id: number },
): Promise<{ socket: TestReviewer; snapshot: ReviewSnapshot }> {
  const socket = sockets.reviewer(meetingId, { cookie: await cookieFor(member.id) });
  const snapshot = nextReview(socket, "review");
  await connected(socket);
  return { socket, snapshot: await snapshot };
}

/** An admin deactivates a member (DELETE /api/users/{id}), which must close the member's sockets. */
export async function deactivateMember(adminId: number, memberId: number) {
  const response = await call(
    userApi,
    request(`/api/users/${memberId}`, { method: "DELETE", cookie: await cookieFor(adminId) }),
    { userId: String(memberId) },
  );
  expect(response.status).toBe(200);
}
