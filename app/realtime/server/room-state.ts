// What a room remembers, read from the sockets in it (wherever they are
// connected: socket.io's fetchSockets() gathers them from every app process).
// Each socket keeps its member's last crop step on itself; a late joiner gets,
// per member, the newest of them, unless that newest is a cancel.
import type { CropInput, CropMessage, Presence, Viewer } from "~/lib/realtime-events";

/** A crop step as a socket remembers it, with when it arrived (to find a member's newest across windows). */
export type CropRecord = { message: CropInput; at: number };

/** The least of a socket this reads: who, and the crop it drew last (if any). */
export type RoomSocket = { id: string; data: { viewer: Viewer; crop?: CropRecord } };

/** Every connection in the room. */
export function presenceOf(sockets: RoomSocket[]): Presence[] {
  return sockets.map(({ id, data }) => ({ socketId: id, user: data.viewer }));
}

/** Each member's newest crop step across their sockets, leaving out cancelled crops. */
export function cropsOf(sockets: RoomSocket[]): CropMessage[] {
  const newest = new Map<number, { user: Viewer; record: CropRecord }>();
  for (const { data } of sockets) {
    if (!data.crop) continue;
    const current = newest.get(data.viewer.id);
    if (!current || data.crop.at > current.record.at)
      newest.set(data.viewer.id, { user: data.viewer, record: data.crop });
  }
  return [...newest.values()]
    .filter(({ record }) => record.message.phase !== "cancel")
    .map(({ user, record }) => ({ ...record.message, user }));
}

/** Monotonic enough for ordering one member's crop steps: never the same twice in a process. */
let last = 0;
export function cropTime(now = Date.now()): number {
  last = Math.max(now, last + 0.001);
  return last;
}
