// Pointer moves are not passed on one by one: 30 members moving at
// 20 Hz were 600 messages a second in and 17,400 out, which filled the event
// loop and starved the pages. Each app process collects, per photo room, the
// latest position of every member whose pointer moved on its own sockets, and
// once a tick sends the room one frame of them: one emit (one adapter message
// to the other processes) per room per tick, whatever the number of moves.
//
// The tick is FRAME_MS. 25 ms (40 frames a second) is smoother than the 20 to
// 50 moves a second a browser sends, adds at most 25 ms to a pointer's way
// (the live layer's target is 50 ms at the 99th percentile), and caps what a
// viewer receives at 40 messages a second however many members move. A room
// that was quiet for a tick sends its first move at once.
//
// Crop drags come at pointer rate too, and go the same way (relayed
// one by one to every socket, 200 sockets of one member kept another
// member's page waiting 7 s): the latest drag of each member in a tick, one
// emit per dragging member. A crop's other steps (start, end, cancel) are sent
// at once, and take away their member's drag not sent yet, which is older.

import type { CropInput, CropMessage, PointerFrame, PointerInput, Viewer } from "~/lib/realtime-events";
import { logger } from "~/base/logger.server";

export const FRAME_MS = 25;

/** A member's latest move in a tick, and the sockets (their windows) that moved it. */
type Move = { user: Viewer; dx: number; dy: number; from: string; senders: Set<string> };

export type CropDrag = Extract<CropInput, { phase: "drag" }>;

/** What to send a room at a tick: the frame, and what each socket that sent a move gets instead. */
export type RoomFrame = {
  /** For every viewer that sent nothing this tick (empty when only crops were dragged). */
  frame: PointerFrame;
  /** The sockets that sent moves, each with the frame less its own member's move (its pointer is drawn locally). */
  senders: { socketIds: string[]; frame: PointerFrame }[];
  /** Each dragging member's latest drag, for everyone but that member's own sockets. */
  drags: CropMessage[];
};

/** One room's moves and crop drags since its last frame: the latest per member wins. */
export class RoomMoves {
  private readonly moves = new Map<number, Move>();
  private readonly drags = new Map<number, { message: CropMessage; from: string }>();

  moved(user: Viewer, socketId: string, { dx, dy }: PointerInput) {
    const move = this.moves.get(user.id);
    if (move) Object.assign(move, { dx, dy, from: socketId }).senders.add(socketId);
    else this.moves.set(user.id, { user, dx, dy, from: socketId, senders: new Set([socketId]) });
  }

  dragged(user: Viewer, socketId: string, drag: CropDrag) {
    this.drags.set(user.id, { message: { ...drag, user }, from: socketId });
  }

  /** The member sent a crop step that goes at once: their drag not sent yet is older, and must not follow it. */
  stepped(memberId: number) {
    this.drags.delete(memberId);
  }

  /**
   * A socket left: a move or drag it sent last is not passed on after it (the
   * others hear it leave before the next frame, and the pointer or crop would come back).
   */
  left(socketId: string) {
    for (const [memberId, move] of this.moves) {
      move.senders.delete(socketId);
      if (move.from === socketId) this.moves.delete(memberId);
    }
    for (const [memberId, drag] of this.drags) if (drag.from === socketId) this.drags.delete(memberId);
  }

  get empty(): boolean {
    return this.moves.size === 0 && this.drags.size === 0;
  }

  /** The frame of the tick, emptying the room's moves and drags. */
  take(): RoomFrame {
    const entries = [...this.moves.values()].map(({ user, dx, dy, senders }) => ({ move: { dx, dy, user }, senders }));
    const drags = [...this.drags.values()].map(({ message }) => message);
    this.moves.clear();
    this.drags.clear();
    return {
      drags,
      frame: entries.map(({ move }) => move),
      senders: entries
        .filter(({ senders }) => senders.size > 0)
        .map(({ move, senders }) => ({
          socketIds: [...senders],
          frame: entries.filter((other) => other.move.user.id !== move.user.id).map((other) => other.move),
        })),
    };
  }
}

export type FrameClock = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

const realClock: FrameClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The rooms' moves of one namespace and the tick that sends them: a timer only
 * while some room has moves, at most one tick every `frameMs`.
 */
export class PointerFrames {
  private readonly rooms = new Map<string, RoomMoves>();
  private timer: unknown = null;
  private lastTickAt = -Infinity;

  constructor(
    private readonly send: (room: string, frame: RoomFrame) => void,
    private readonly frameMs = FRAME_MS,
    private readonly clock: FrameClock = realClock,
  ) {}

  moved(room: string, user: Viewer, socketId: string, point: PointerInput) {
    this.roomToSend(room).moved(user, socketId, point);
  }

  dragged(room: string, user: Viewer, socketId: string, drag: CropDrag) {
    this.roomToSend(room).dragged(user, socketId, drag);
  }

  /** A crop step sent at once (start, end, cancel): the member's drag not sent yet goes. */
  stepped(room: string, memberId: number) {
    const moves = this.rooms.get(room);
    moves?.stepped(memberId);
    if (moves?.empty) this.rooms.delete(room);
  }

  /** The room's moves, with the tick that will send them set. */
  private roomToSend(room: string): RoomMoves {
    let moves = this.rooms.get(room);
    if (!moves) this.rooms.set(room, (moves = new RoomMoves()));
    this.timer ??= this.clock.setTimeout(
      () => this.tick(),
      Math.max(0, this.lastTickAt + this.frameMs - this.clock.now()),
    );
    return moves;
  }

  left(room: string, socketId: string) {
    const moves = this.rooms.get(room);
    moves?.left(socketId);
    if (moves?.empty) this.rooms.delete(room);
  }

  /** Sends every room its frame (the timer calls it; tests may too). */
  tick() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.lastTickAt = this.clock.now();
    const rooms = [...this.rooms];
    this.rooms.clear();
    for (const [room, moves] of rooms) {
      if (moves.empty) continue;
      try {
        this.send(room, moves.take());
      } catch (error) {
        logger().error({ err: error }, "A photo room's pointer frame could not be sent");
      }
    }
  }

  /** Stops the tick; moves not sent yet are dropped (the sockets are closing). */
  close() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.rooms.clear();
  }
}
