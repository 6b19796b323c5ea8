import { describe, expect, it } from "vitest";
import { FRAME_MS, PointerFrames, RoomMoves, type FrameClock, type RoomFrame } from "./pointer-frames";

const ANN = { id: 1, firstName: "Ann" };
const BOB = { id: 2, firstName: "Bob" };
const CY = { id: 3, firstName: "Cy" };

describe("RoomMoves", () => {
  it("makes one frame of a tick's moves, the latest of each member, and leaves each sender's own member out of theirs", () => {
    const moves = new RoomMoves();
    moves.moved(ANN, "ann", { dx: 0.1, dy: 0.1 });
    moves.moved(BOB, "bob", { dx: 0.5, dy: 0.5 });
    moves.moved(ANN, "ann", { dx: 0.2, dy: 0.3 });
    moves.moved(CY, "cy-laptop", { dx: 0.7, dy: 0.7 });
    moves.moved(CY, "cy-phone", { dx: 0.8, dy: 0.9 });
    moves.moved(BOB, "bob", { dx: 0.6, dy: 0.4 });

    const { frame, senders } = moves.take();
    expect(frame).toEqual([
      { dx: 0.2, dy: 0.3, user: ANN },
      { dx: 0.6, dy: 0.4, user: BOB },
      { dx: 0.8, dy: 0.9, user: CY },
    ]);
    expect(senders).toEqual([
      { socketIds: ["ann"], frame: [frame[1], frame[2]] },
      { socketIds: ["bob"], frame: [frame[0], frame[2]] },
      { socketIds: ["cy-laptop", "cy-phone"], frame: [frame[0], frame[1]] },
    ]);
    // Taken: the next tick starts from nothing.
    expect(moves.empty).toBe(true);
    expect(moves.take()).toEqual({ frame: [], senders: [], drags: [] });
  });

  it("does not pass on a move whose socket has left since (its pointer would come back after the leave)", () => {
    const moves = new RoomMoves();
    moves.moved(ANN, "ann", { dx: 0.1, dy: 0.1 });
    moves.moved(CY, "cy-laptop", { dx: 0.7, dy: 0.7 });
    moves.moved(CY, "cy-phone", { dx: 0.8, dy: 0.9 });
    moves.left("ann");
    // Cy's laptop closed, but the latest move came from the phone, which stays.
    moves.left("cy-laptop");
    expect(moves.take()).toEqual({
      frame: [{ dx: 0.8, dy: 0.9, user: CY }],
      senders: [{ socketIds: ["cy-phone"], frame: [] }],
      drags: [],
    });
  });

  it("keeps each member's latest crop drag of a tick; a step sent at once, or its socket leaving, takes it away", () => {
    const moves = new RoomMoves();
    const drag = (dx: number) => ({ phase: "drag" as const, start: { dx: 0.1, dy: 0.1 }, drag: { dx, dy: 0.5 } });
    for (let i = 1; i <= 10; i++) moves.dragged(ANN, i % 2 ? "ann-laptop" : "ann-phone", drag(i / 10));
    moves.dragged(BOB, "bob", drag(0.3));
    moves.dragged(CY, "cy", drag(0.4));
    moves.stepped(BOB.id); // Bob's end went at once: his older drag must not follow it
    moves.left("cy");
    expect(moves.take()).toEqual({ frame: [], senders: [], drags: [{ ...drag(1), user: ANN }] });
    expect(moves.empty).toBe(true);
  });
});

/** A clock the test moves by hand, with the one timer PointerFrames keeps. */
function manualClock() {
  let now = 1000;
  let due: { at: number; run: () => void } | null = null;
  const clock: FrameClock = {
    now: () => now,
    setTimeout: (run, ms) => (due = { at: now + ms, run }),
    clearTimeout: (handle) => {
      if (handle === due) due = null;
    },
  };
  return {
    clock,
    /** When the timer is due (null: none set). */
    due: () => due?.at ?? null,
    advance(ms: number) {
      now += ms;
      if (due && due.at <= now) {
        const { run } = due;
        due = null;
        run();
      }
    },
  };
}

describe("PointerFrames", () => {
  it("sends each room one frame per tick, at most one tick every FRAME_MS, and keeps no timer while nothing moves", () => {
    const time = manualClock();
    const sent: [string, RoomFrame][] = [];
    const frames = new PointerFrames((room, frame) => sent.push([room, frame]), FRAME_MS, time.clock);
    expect(time.due()).toBeNull();

    // A quiet room's first move goes at once (the timer runs on the next turn of the loop).
    frames.moved("photo:1", ANN, "ann", { dx: 0.1, dy: 0.1 });
    expect(time.due()).toBe(1000);
    frames.moved("photo:1", BOB, "bob", { dx: 0.2, dy: 0.2 });
    frames.moved("photo:2", CY, "cy", { dx: 0.3, dy: 0.3 });
    time.advance(0);
    expect(sent.map(([room, { frame }]) => [room, frame.map((move) => move.user)])).toEqual([
      ["photo:1", [ANN, BOB]],
      ["photo:2", [CY]],
    ]);
    expect(time.due()).toBeNull();

    // Moves within the tick after wait for it: ten moves, one frame with the last.
    sent.length = 0;
    time.advance(5);
    for (let i = 1; i <= 10; i++) frames.moved("photo:1", ANN, "ann", { dx: i / 10, dy: 0.5 });
    expect(time.due()).toBe(1000 + FRAME_MS);
    time.advance(FRAME_MS - 6);
    expect(sent).toEqual([]);
    time.advance(1);
    expect(sent).toEqual([
      ["photo:1", { frame: [{ dx: 1, dy: 0.5, user: ANN }], senders: [{ socketIds: ["ann"], frame: [] }], drags: [] }],
    ]);
    expect(time.due()).toBeNull();

    // Closed: nothing more is sent.
    frames.moved("photo:1", BOB, "bob", { dx: 0.2, dy: 0.2 });
    frames.close();
    expect(time.due()).toBeNull();
  });
});
