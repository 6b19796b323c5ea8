// The one harness for socket tests: a real HTTP server with the club's realtime
// layer on an ephemeral port, and socket.io clients that connect the way a
// member's browser does (cookie, optional Origin). Every wait is on an event,
// never on a timer, so a slow machine makes the tests slower, not flaky.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { io as connectClient } from "socket.io-client";
import { PHOTO_NAMESPACE, type PhotoViewerSocket, type ServerToClientEvents } from "~/lib/realtime-events";
import { attachRealtime, closeRealtime, type RealtimeServer } from "~/realtime/realtime.server";
import { sharedResource } from "./shared-resource";

export type SocketServer = {
  url: string;
  io: RealtimeServer;
  /** A viewer of a photo; `outcome` settles from the start, so a fast answer is never missed. */
  viewer(photoId: number | string, options?: { cookie?: string; origin?: string }): TestViewer;
  /** Closes every client, then socket.io and its HTTP server. */
  close(): Promise<void>;
};

export type TestViewer = PhotoViewerSocket & {
  /** "connected", or the message of the connect_error. */
  outcome: Promise<"connected" | string>;
  /** The reason it was disconnected, once it is. */
  disconnection: Promise<string>;
};

/** Starts a real HTTP server on 127.0.0.1 with realtime attached (call `close` in afterAll). */
export async function startSocketServer(): Promise<SocketServer> {
  const server = http.createServer();
  const io = attachRealtime(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients: PhotoViewerSocket[] = [];

  return {
    url,
    io,
    viewer(photoId, { cookie, origin } = {}) {
      const headers: Record<string, string> = {};
      if (cookie) headers.Cookie = cookie;
      if (origin) headers.Origin = origin;
      const socket = connectClient(`${url}${PHOTO_NAMESPACE}`, {
        query: { id: String(photoId) },
        extraHeaders: headers,
        transports: ["websocket"],
        reconnection: false,
        // Each viewer is its own connection, like another browser.
        forceNew: true,
      }) as TestViewer;
      socket.outcome = new Promise((resolve) => {
        socket.once("connect", () => resolve("connected"));
        socket.once("connect_error", (error) => resolve(error.message));
      });
      socket.disconnection = new Promise((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
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
export function useSocketServer(): SocketServer {
  return sharedResource(startSocketServer, (sockets) => sockets.close());
}

/** Resolves once the viewer is in; fails with the refusal otherwise. */
export async function connected(socket: TestViewer) {
  const outcome = await socket.outcome;
  if (outcome !== "connected") throw new Error(`expected to connect, was refused: ${outcome}`);
}

/** The refusal's message; fails if the viewer got in. */
export async function refused(socket: TestViewer): Promise<string> {
  const outcome = await socket.outcome;
  if (outcome === "connected") throw new Error("expected a refusal, but the viewer connected");
  return outcome;
}

/** The next message of that event the socket receives. */
export function nextMessage<E extends keyof ServerToClientEvents>(
  socket: PhotoViewerSocket,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    const listener = ((message: Parameters<ServerToClientEvents[E]>[0]) => resolve(message)) as never;
    socket.once(event, listener);
  });
}
