import { EventEmitter } from "node:events";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { RECONNECTION, watchStatus, type RoomStatus } from "./room-socket";

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
