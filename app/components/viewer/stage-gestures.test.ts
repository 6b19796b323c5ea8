import { describe, expect, it } from "vitest";
import { INITIAL_VIEW, layoutOf, pinchView, type View } from "~/lib/viewer-geometry";
import { nearBottom, StageGestures, wheelPixels } from "./stage-gestures";

// A 3:2 photo on a 1280x800 stage: 1200x800 at zoom 1.
const stage = { width: 1280, height: 800 };
const photo = { width: 3000, height: 2000 };
const zoomed = { zoom: 2, centerX: 0.5, centerY: 0.5 };

/** The stage's gestures with pointer 1 just pressed at `point`, the photo shown at `view`. */
function pressedAt(point: { x: number; y: number }, view: View = zoomed) {
  const gestures = new StageGestures();
  gestures.pressed(1, point, view);
  return gestures;
}

describe("a press on the stage", () => {
  it("is a click when it comes up within 5 px of where it went down", () => {
    const gestures = pressedAt({ x: 100, y: 100 });
    expect(gestures.moved(1, { x: 103, y: 103 }, stage, photo)).toEqual({ kind: "held" });
    expect(gestures.released(1)).toBe("click");
  });

  it("pans the zoomed photo once it moves past 5 px, following the pointer, and is no click", () => {
    const gestures = pressedAt({ x: 600, y: 400 });
    const move = gestures.moved(1, { x: 500, y: 350 }, stage, photo);
    expect(move.kind).toBe("view");
    const view = move.kind === "view" ? move.view : INITIAL_VIEW;
    // The photo moved 100 px left and 50 px up with the pointer.
    const before = layoutOf(stage, photo, zoomed);
    const after = layoutOf(stage, photo, view);
    expect(after.left - before.left).toBeCloseTo(-100);
    expect(after.top - before.top).toBeCloseTo(-50);
    // Back within the slop, it is still a drag: coming up is no click.
    gestures.moved(1, { x: 601, y: 400 }, stage, photo);
    expect(gestures.released(1)).toBeNull();
  });

  it("moves nothing at zoom 1, yet a drag there is no click either", () => {
    const gestures = pressedAt({ x: 600, y: 400 }, INITIAL_VIEW);
    expect(gestures.moved(1, { x: 500, y: 400 }, stage, photo)).toEqual({ kind: "held" });
    expect(gestures.released(1)).toBeNull();
  });

  it("does not pan before the photo has loaded", () => {
    const gestures = pressedAt({ x: 600, y: 400 });
    expect(gestures.moved(1, { x: 500, y: 400 }, stage, null)).toEqual({ kind: "hover" });
  });

  it("leaves another pointer's moves as hovering, and its release as no click", () => {
    const gestures = pressedAt({ x: 100, y: 100 });
    expect(gestures.moved(7, { x: 300, y: 300 }, stage, photo)).toEqual({ kind: "hover" });
    expect(gestures.released(7)).toBeNull();
    expect(gestures.released(1)).toBe("click");
  });

  it("ends without a click when the browser cancels it", () => {
    const gestures = pressedAt({ x: 100, y: 100 });
    gestures.cancelled(1);
    expect(gestures.released(1)).toBeNull();
    expect(gestures.moved(1, { x: 300, y: 300 }, stage, photo)).toEqual({ kind: "hover" });
  });
});

describe("two fingers", () => {
  it("pinch from the view shown when the second went down, and make no click", () => {
    const gestures = new StageGestures();
    const a = { x: 500, y: 400 };
    const b = { x: 700, y: 400 };
    gestures.pressed(1, a, INITIAL_VIEW);
    gestures.pressed(2, b, INITIAL_VIEW);
    const move = gestures.moved(2, { x: 900, y: 400 }, stage, photo);
    expect(move).toEqual({
      kind: "view",
      view: pinchView(stage, photo, INITIAL_VIEW, [a, b], [a, { x: 900, y: 400 }]),
    });
    expect(move.kind === "view" && move.view.zoom).toBeCloseTo(2);
    expect(gestures.released(2)).toBeNull();
    // One finger left: the pinch is over, and that finger's lifting is no click.
    expect(gestures.moved(1, { x: 520, y: 400 }, stage, photo)).toEqual({ kind: "hover" });
    expect(gestures.released(1)).toBeNull();
  });
});

describe("a finger that draws (a member's touch)", () => {
  /** Pointer 1 pressed at `point` by a finger that draws crops, the photo shown at `view`. */
  function fingerAt(point: { x: number; y: number }, view: View = INITIAL_VIEW) {
    const gestures = new StageGestures();
    expect(gestures.pressed(1, point, view, true)).toBe(false);
    return gestures;
  }

  it("draws a crop from where it went down once past the slop, and lifting it ends the crop", () => {
    const gestures = fingerAt({ x: 300, y: 200 });
    expect(gestures.moved(1, { x: 302, y: 201 }, stage, photo)).toEqual({ kind: "held" });
    expect(gestures.moved(1, { x: 340, y: 260 }, stage, photo)).toEqual({
      kind: "draw",
      from: { x: 300, y: 200 },
      to: { x: 340, y: 260 },
      begun: true,
    });
    expect(gestures.moved(1, { x: 500, y: 400 }, stage, photo)).toEqual({
      kind: "draw",
      from: { x: 300, y: 200 },
      to: { x: 500, y: 400 },
      begun: false,
    });
    expect(gestures.released(1)).toBe("drawn");
  });

  it("draws when zoomed too: one finger never pans a member's photo", () => {
    const gestures = fingerAt({ x: 600, y: 400 }, zoomed);
    expect(gestures.moved(1, { x: 500, y: 350 }, stage, photo).kind).toBe("draw");
    expect(gestures.released(1)).toBe("drawn");
  });

  it("is still a tap (a crop's corner) when it comes up within the slop", () => {
    const gestures = fingerAt({ x: 100, y: 100 });
    expect(gestures.moved(1, { x: 103, y: 102 }, stage, photo)).toEqual({ kind: "held" });
    expect(gestures.released(1)).toBe("click");
  });

  it("means drawing even before the photo has loaded (the viewer, with no photo placed, draws nothing)", () => {
    const gestures = fingerAt({ x: 100, y: 100 });
    expect(gestures.moved(1, { x: 200, y: 200 }, stage, null).kind).toBe("draw");
  });

  it("gives way to a pinch when a second finger comes down, saying the crop was cut short", () => {
    const gestures = fingerAt({ x: 500, y: 400 });
    gestures.moved(1, { x: 560, y: 400 }, stage, photo);
    expect(gestures.pressed(2, { x: 700, y: 400 }, INITIAL_VIEW, true)).toBe(true);
    const move = gestures.moved(2, { x: 900, y: 400 }, stage, photo);
    expect(move.kind).toBe("view");
    expect(gestures.released(2)).toBeNull();
    expect(gestures.released(1)).toBeNull();
  });

  it("starts no crop when the second finger comes down within the slop: a pinch, nothing to cut short", () => {
    const gestures = fingerAt({ x: 500, y: 400 });
    expect(gestures.pressed(2, { x: 700, y: 400 }, INITIAL_VIEW, true)).toBe(false);
    const move = gestures.moved(1, { x: 400, y: 400 }, stage, photo);
    expect(move.kind).toBe("view");
  });

  it("says the crop was cut short when the browser takes the touch", () => {
    const gestures = fingerAt({ x: 100, y: 100 });
    gestures.moved(1, { x: 200, y: 200 }, stage, photo);
    expect(gestures.cancelled(1)).toBe(true);
    expect(gestures.released(1)).toBeNull();
    expect(fingerAt({ x: 100, y: 100 }).cancelled(1)).toBe(false);
  });

  it("leaves a press that does not draw (the mouse, a visitor's finger) to pan as before", () => {
    const gestures = new StageGestures();
    gestures.pressed(1, { x: 600, y: 400 }, zoomed, false);
    expect(gestures.moved(1, { x: 500, y: 350 }, stage, photo).kind).toBe("view");
    expect(gestures.released(1)).toBeNull();
  });
});

describe("the wheel and the panel", () => {
  it("counts a wheel turn in pixels whatever its unit", () => {
    expect(wheelPixels(100, 0)).toBe(100);
    expect(wheelPixels(3, 1)).toBe(120);
    expect(wheelPixels(-1, 2)).toBe(-800);
  });

  it("shows the panel when the mouse comes within 10 px of the stage's bottom", () => {
    expect(nearBottom(789, 800)).toBe(false);
    expect(nearBottom(790, 800)).toBe(true);
    expect(nearBottom(800, 800)).toBe(true);
  });
});
