import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { LIVE_LIMIT_REFUSALS } from "~/lib/live-names";
import { openRoomSocket, RECONNECTION, refusalToShow, watchStatus, type RoomStatus } from "./room-socket";

/** A socket's events without a server: `active` is whether socket.io would still try to reconnect. */
function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), { active: true, io: new EventEmitter() });
  return socket;
}

describe("watchStatus", () => {
  it("goes connecting, online, connecting while it retries, and offline once the retries are spent", () => {
    expect(RECONNECTION).toEqual({ attempts: 20, delayMs: 5000 });
    const socket = fakeSocket();
    const seen: RoomStatus[] = [];
    const stop = watchStatus(socket as unknown as Socket, (status) => seen.push(status));
    socket.emit("connect");
    socket.emit("disconnect", "transport close");
    socket.emit("connect_error", new Error("xhr poll error"));
    socket.io.emit("reconnect_failed");
    expect(seen).toEqual(["online", "connecting", "connecting", "offline"]);
    stop();
    socket.emit("connect");
    expect(seen).toHaveLength(4);
  });

  it("is offline at once when the server refuses (a refusal is not retried)", () => {
    const socket = fakeSocket();
    const seen: RoomStatus[] = [];
    watchStatus(socket as unknown as Socket, (status) => seen.push(status));
    socket.active = false;
    socket.emit("connect_error", new Error("unauthorized"));
    expect(seen).toEqual(["offline"]);
  });
});

describe("openRoomSocket", () => {
  it("asks once more when the server ends it (a change of session or rights), so the handshake decides", async () => {
    const httpServer = http.createServer();
    const server = new Server(httpServer);
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
    const { port } = httpServer.address() as AddressInfo;
    let connections = 0;
    const secondConnection = new Promise<void>((resolve) =>
      server.of("/room").on("connection", (socket) => {
        connections++;
        // The first connection is ended by the server, as a role change ends a member's review sockets.
        if (connections === 1) socket.disconnect(true);
        else resolve();
      }),
    );
    const socket = openRoomSocket(`http://127.0.0.1:${port}/room`, {});
    try {
      await secondConnection;
      expect(connections).toBe(2);
    } finally {
      socket.disconnect();
      await server.close();
    }
  });

  it("shows a limit's refusal in its own words, and no code ('unauthorized')", () => {
    expect(refusalToShow(new Error(LIVE_LIMIT_REFUSALS.room))).toBe(LIVE_LIMIT_REFUSALS.room);
    expect(refusalToShow(new Error("unauthorized"))).toBeNull();
  });
});
