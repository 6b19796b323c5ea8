// The bookkeeping behind the live layer, apart from sockets and React so it can
// be tested on its own: who is in the room, the other members' pointers (each
// gone 5 s after its last move) and their crops (kept until replaced, cancelled
// or the member leaves).
import { memberColour } from "~/lib/member-colour";
import type { CropMessage, PointerFrame, PointerInput, Presence, Viewer } from "~/lib/realtime-events";
import { BookStore } from "./book-store";

/** A remote pointer disappears 5 seconds after its last move (docs/texts-and-limits.md). */
export const POINTER_LIFETIME_MS = 5000;

export type LivePointer = { user: Viewer; colour: string; dx: number; dy: number };
export type LiveCrop = {
  user: Viewer;
  colour: string;
  x: number;
  y: number;
  width: number;
  height: number;
  done: boolean;
};

/**
 * Who is in a room, by connection. Joins and leaves may arrive before the
 * snapshot taken when this viewer joined (it is gathered from every server
 * process), so a connection seen leaving is never brought back by it.
 */
export class PresenceBook {
  private readonly present = new Map<string, Viewer>();
  private readonly gone = new Set<string>();

  snapshot(viewers: Presence[]) {
    for (const { socketId, user } of viewers) if (!this.gone.has(socketId)) this.present.set(socketId, user);
  }

  joined({ socketId, user }: Presence) {
    if (!this.gone.has(socketId)) this.present.set(socketId, user);
  }

  left({ socketId }: Presence) {
    this.gone.add(socketId);
    this.present.delete(socketId);
  }

  clear() {
    this.present.clear();
    this.gone.clear();
  }

  has(memberId: number): boolean {
    return this.viewer(memberId) !== undefined;
  }

  /** The member with that id, while a connection of theirs is in the room. */
  viewer(memberId: number): Viewer | undefined {
    for (const user of this.present.values()) if (user.id === memberId) return user;
    return undefined;
  }

  /** Each member once, in the order they came. */
  viewers(): Viewer[] {
    const byId = new Map<number, Viewer>();
    for (const user of this.present.values()) if (!byId.has(user.id)) byId.set(user.id, user);
    return [...byId.values()];
  }
}

/** The other members' pointers, each with the time of its last move. */
export class PointerBook {
  private readonly pointers = new Map<number, { pointer: LivePointer; movedAt: number }>();

  moved({ user, dx, dy }: PointerInput & { user: Viewer }, now: number) {
    this.pointers.set(user.id, { pointer: { user, colour: memberColour(user.id), dx, dy }, movedAt: now });
  }

  /**
   * The moves of a frame, except this viewer's own member's (`me`: drawn
   * locally; the server leaves it out, but a second window of theirs may send
   * one). Returns whether any pointer moved.
   */
  movedInFrame(frame: PointerFrame, me: number | undefined, now: number): boolean {
    let moved = false;
    for (const message of frame) {
      if (message.user.id === me) continue;
      this.moved(message, now);
      moved = true;
    }
    return moved;
  }

  forget(memberId: number) {
    this.pointers.delete(memberId);
  }

  clear() {
    this.pointers.clear();
  }

  /** Drops the pointers that have not moved for POINTER_LIFETIME_MS; returns whether any went. */
  expire(now: number): boolean {
    let changed = false;
    for (const [id, { movedAt }] of this.pointers) {
      if (now - movedAt >= POINTER_LIFETIME_MS) {
        this.pointers.delete(id);
        changed = true;
      }
    }
    return changed;
  }

  /** When the next pointer is due to go (null: none left). */
  nextExpiry(): number | null {
    let next: number | null = null;
    for (const { movedAt } of this.pointers.values()) {
      const at = movedAt + POINTER_LIFETIME_MS;
      if (next === null || at < next) next = at;
    }
    return next;
  }

  list(): LivePointer[] {
    return [...this.pointers.values()].map(({ pointer }) => pointer);
  }
}

/** The rectangle a crop message describes, in image fractions, whichever corner it started from. */
export function cropRectangle(message: CropMessage): LiveCrop | null {
  if (message.phase === "cancel") return null;
  const corner = message.phase === "start" ? message.start : message.phase === "drag" ? message.drag : message.end;
  const { start } = message;
  return {
    user: message.user,
    colour: memberColour(message.user.id),
    x: Math.min(start.dx, corner.dx),
    y: Math.min(start.dy, corner.dy),
    width: Math.abs(corner.dx - start.dx),
    height: Math.abs(corner.dy - start.dy),
    done: message.phase === "end",
  };
}

/** The other members' crops, one per member: a new one replaces theirs, a cancel takes it away. */
export class CropBook {
  private readonly crops = new Map<number, LiveCrop>();
  /** Members whose crop changed live since joining: the joining snapshot, gathered meanwhile, is older. */
  private readonly heard = new Set<number>();

  received(message: CropMessage) {
    this.heard.add(message.user.id);
    const crop = cropRectangle(message);
    if (crop) this.crops.set(message.user.id, crop);
    else this.crops.delete(message.user.id);
  }

  /** The crops already drawn when this viewer joined, except where a newer step has come since. */
  snapshot(messages: CropMessage[]) {
    for (const message of messages) {
      if (this.heard.has(message.user.id)) continue;
      const crop = cropRectangle(message);
      if (crop) this.crops.set(message.user.id, crop);
    }
  }

  forget(memberId: number) {
    this.crops.delete(memberId);
  }

  /** Keeps only the crops of members still in the room. */
  keepOnly(present: (memberId: number) => boolean) {
    for (const id of this.crops.keys()) if (!present(id)) this.crops.delete(id);
  }

  clear() {
    this.crops.clear();
    this.heard.clear();
  }

  list(): LiveCrop[] {
    return [...this.crops.values()];
  }
}

/** What the live layer draws, as of the room's last change. */
export type LiveState = { viewers: Viewer[]; pointers: LivePointer[]; crops: LiveCrop[] };

/** The room's books, with the member this browser is (to leave them out). */
export class LiveRoom extends BookStore<LiveState> {
  readonly presence = new PresenceBook();
  readonly pointers = new PointerBook();
  readonly crops = new CropBook();
  me: Viewer | null = null;

  clear() {
    this.presence.clear();
    this.pointers.clear();
    this.crops.clear();
    this.me = null;
  }

  protected read(): LiveState {
    return { viewers: this.presence.viewers(), pointers: this.pointers.list(), crops: this.crops.list() };
  }

  isMe(user: Viewer) {
    return this.me?.id === user.id;
  }

  /** Moves the other members' pointers to where a frame says (this member's own is drawn locally). */
  movedPointers(frame: PointerFrame, now: number): boolean {
    return this.pointers.movedInFrame(frame, this.me?.id, now);
  }

  /** A member's last connection left: their pointer and crop go with them. */
  tidy() {
    this.crops.keepOnly((id) => this.presence.has(id));
    for (const pointer of this.pointers.list())
      if (!this.presence.has(pointer.user.id)) this.pointers.forget(pointer.user.id);
  }
}
