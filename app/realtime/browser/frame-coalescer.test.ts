import { describe, expect, it } from "vitest";
import { frameCoalescer, type FrameScheduler } from "./frame-coalescer";

/** Frames run by hand, on a clock set by hand. */
function fakeFrames() {
  let callbacks: (() => void)[] = [];
  let time = 0;
  const frames: FrameScheduler = {
    request: (callback) => {
      callbacks.push(callback);
      return callback;
    },
    cancel: (handle) => {
      callbacks = callbacks.filter((callback) => callback !== handle);
    },
    now: () => time,
  };
  return {
    frames,
    /** Advances the clock by `ms` and runs the frame callbacks waiting. */
    frame(ms = 16.7) {
      time += ms;
      const due = callbacks;
      callbacks = [];
      due.forEach((callback) => callback());
    },
    waiting: () => callbacks.length,
  };
}

/** A coalescer of numbers on hand-run frames, recording what it sends in `sent`. */
function coalescerOnFakeFrames(minIntervalMs: number) {
  const clock = fakeFrames();
  const sent: number[] = [];
  const coalescer = frameCoalescer<number>((value) => sent.push(value), { frames: clock.frames, minIntervalMs });
  return { clock, sent, coalescer };
}

describe("frameCoalescer", () => {
  it("sends only the latest value of a frame, once", () => {
    const { clock, sent, coalescer: pointer } = coalescerOnFakeFrames(0);
    pointer.push(1);
    pointer.push(2);
    pointer.push(3);
    expect(sent).toEqual([]);
    expect(clock.waiting()).toBe(1);
    clock.frame();
    expect(sent).toEqual([3]);
    clock.frame();
    expect(sent).toEqual([3]);
    pointer.push(4);
    clock.frame();
    expect(sent).toEqual([3, 4]);
  });

  it("waits for a later frame when frames come faster than the interval (a 144 Hz screen)", () => {
    const { clock, sent, coalescer: pointer } = coalescerOnFakeFrames(20);
    pointer.push(1);
    clock.frame(7);
    expect(sent).toEqual([1]);
    pointer.push(2);
    clock.frame(7);
    pointer.push(3);
    clock.frame(7);
    expect(sent).toEqual([1]);
    clock.frame(7);
    expect(sent).toEqual([1, 3]);
  });

  it("forgets a value not sent yet on drop, and sends nothing after close", () => {
    const { clock, sent, coalescer: drag } = coalescerOnFakeFrames(0);
    drag.push(1);
    drag.drop();
    clock.frame();
    expect(sent).toEqual([]);
    drag.push(2);
    drag.close();
    expect(clock.waiting()).toBe(0);
    drag.push(3);
    clock.frame();
    expect(sent).toEqual([]);
  });
});
