// Pointer moves are not passed on one by one (issue 15): 30 members moving at
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

import type { PointerFrame, PointerInput, Viewer } from "~/lib/realtime-events";

export const FRAME_MS = 25;

/** A member's latest move in a tick, and the sockets (their windows) that moved it. */
type Move = { user: Viewer; dx: number; dy: number; from: string; senders: Set<string> };

/** What to send a room at a tick: the frame, and what each socket that sent a move gets instead. */
export type RoomFrame = {
  /** For every viewer that sent nothing this tick. */
  frame: PointerFrame;
  /** The sockets that sent moves, each with the frame less its own member's move (its pointer is drawn locally). */
  senders: { socketIds: string[]; frame: PointerFrame }[];
};

/** One room's moves since its last frame: the latest per member wins. */
export class RoomMoves {
  private readonly moves = new Map<number, Move>();

  moved(user: Viewer, socketId: string, { dx, dy }: PointerInput) {
    const move = this.moves.get(user.id);
    if (move) Object.assign(move, { dx, dy, from: socketId }).senders.add(socketId);
    else this.moves.set(user.id, { user, dx, dy, from: socketId, senders: new Set([socketId]) });
  }

  /**
   * A socket left: a move it sent last is not passed on after it (the others
   * hear it leave before the next frame, and the pointer would come back).
   */
  left(socketId: string) {
    for (const [memberId, move] of this.moves) {
      move.senders.delete(socketId);
      if (move.from === socketId) this.moves.delete(memberId);
    }
  }

  get empty(): boolean {
    return this.moves.size === 0;
  }

  /** The frame of the tick, emptying the room's moves. */
  take(): RoomFrame {
    const entries = [...this.moves.values()].map(({ user, dx, dy, senders }) => ({ move: { dx, dy, user }, senders }));
    this.moves.clear();
    return {
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
    let moves = this.rooms.get(room);
    if (!moves) this.rooms.set(room, (moves = new RoomMoves()));
    moves.moved(user, socketId, point);
    this.timer ??= this.clock.setTimeout(
      () => this.tick(),
      Math.max(0, this.lastTickAt + this.frameMs - this.clock.now()),
    );
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
        console.error("A photo room's pointer frame could not be sent:", error);
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
