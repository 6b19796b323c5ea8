import { describe, expect, it } from "vitest";
import {
  clampView,
  fitSize,
  fractionAt,
  INITIAL_VIEW,
  layoutOf,
  mapBetween,
  panBy,
  pinchView,
  parseRectParam,
  pointAt,
  rectBetween,
  rectParam,
  viewOfOffset,
  wheelZoom,
  zoomAbout,
} from "./viewer-geometry";

// A 3:2 photo on a 1280x800 screen fits its width: 1200x800, 40 px bars left and right.
const stage = { width: 1280, height: 800 };
const photo = { width: 3000, height: 2000 };

describe("fitting and laying out", () => {
  it("fits the photo at zoom 1, centred, keeping its proportions", () => {
    expect(fitSize(stage, photo)).toEqual({ width: 1200, height: 800 });
    expect(layoutOf(stage, photo, INITIAL_VIEW)).toEqual({ left: 40, top: 0, width: 1200, height: 800 });
    // A portrait photo on a phone fits its width instead.
    expect(fitSize({ width: 390, height: 844 }, { width: 2000, height: 3000 })).toEqual({ width: 390, height: 585 });
  });

  it("keeps zoom within 1x..4x", () => {
    expect(clampView(stage, photo, { zoom: 9, centerX: 0.5, centerY: 0.5 }).zoom).toBe(4);
    expect(clampView(stage, photo, { zoom: 0.2, centerX: 0.5, centerY: 0.5 }).zoom).toBe(1);
    expect(clampView(stage, photo, { zoom: Number.NaN, centerX: 0.5, centerY: 0.5 }).zoom).toBe(1);
  });

  it("turns a view into pan offsets and back", () => {
    const view = { zoom: 2, centerX: 0.3, centerY: 0.6 };
    const layout = layoutOf(stage, photo, view);
    // 2400x1600 shown, the point 0.3 of the width at the stage's centre.
    expect(layout).toEqual({ left: 640 - 720, top: 400 - 960, width: 2400, height: 1600 });
    const back = viewOfOffset(stage, photo, 2, { x: layout.left, y: layout.top });
    expect(back.centerX).toBeCloseTo(0.3, 10);
    expect(back.centerY).toBeCloseTo(0.6, 10);
  });
});

describe("never past the edges", () => {
  it("keeps the photo centred along an axis where it is smaller than the stage", () => {
    expect(clampView(stage, photo, { zoom: 1, centerX: 0.1, centerY: 0.9 })).toEqual(INITIAL_VIEW);
    // At 1.05x the 1260 px width still fits 1280: centred across, movable down.
    const view = clampView(stage, photo, { zoom: 1.05, centerX: 0.1, centerY: 0.9 });
    expect(view.centerX).toBe(0.5);
    expect(view.centerY).toBeCloseTo(1 - 400 / 840, 10);
  });

  it("stops a drag where the photo's edge meets the stage's", () => {
    const zoomed = { zoom: 2, centerX: 0.5, centerY: 0.5 };
    // Dragging far right shows the photo's left edge at the stage's left edge, never a gap.
    const left = layoutOf(stage, photo, panBy(stage, photo, zoomed, { x: 5000, y: 0 }));
    expect(left.left).toBeCloseTo(0, 6);
    const right = layoutOf(stage, photo, panBy(stage, photo, zoomed, { x: -5000, y: -5000 }));
    expect(right.left + right.width).toBeCloseTo(stage.width, 6);
    expect(right.top + right.height).toBeCloseTo(stage.height, 6);
    // A small drag moves it by exactly that much.
    const moved = layoutOf(stage, photo, panBy(stage, photo, zoomed, { x: 30, y: -20 }));
    const before = layoutOf(stage, photo, zoomed);
    expect(moved.left - before.left).toBeCloseTo(30, 6);
    expect(moved.top - before.top).toBeCloseTo(-20, 6);
  });
});

describe("zooming about the pointer", () => {
  it("keeps the image point under the pointer where it is", () => {
    const pointer = { x: 900, y: 300 };
    const before = fractionAt(layoutOf(stage, photo, INITIAL_VIEW), pointer);
    const view = zoomAbout(stage, photo, INITIAL_VIEW, 2.5, pointer);
    expect(view.zoom).toBe(2.5);
    const after = pointAt(layoutOf(stage, photo, view), before);
    expect(after.x).toBeCloseTo(pointer.x, 6);
    expect(after.y).toBeCloseTo(pointer.y, 6);
  });

  it("gives way to the edges when the point is near a corner", () => {
    // Zooming about the stage's top-left corner (over the bar): the photo's corner stays at the stage's.
    const view = zoomAbout(stage, photo, INITIAL_VIEW, 3, { x: 0, y: 0 });
    const layout = layoutOf(stage, photo, view);
    expect(layout.left).toBeCloseTo(0, 6);
    expect(layout.top).toBeCloseTo(0, 6);
  });

  it("zooms back out to the whole photo, centred", () => {
    const zoomed = zoomAbout(stage, photo, INITIAL_VIEW, 4, { x: 1200, y: 700 });
    expect(zoomAbout(stage, photo, zoomed, 1, { x: 10, y: 10 })).toEqual(INITIAL_VIEW);
  });

  it("steps the wheel in and out within 1x..4x", () => {
    expect(wheelZoom(1, -100)).toBeCloseTo(1.25, 10);
    expect(wheelZoom(2, 100)).toBeCloseTo(1.6, 10);
    expect(wheelZoom(3.9, -400)).toBe(4);
    expect(wheelZoom(1, 100)).toBe(1);
  });
});

describe("pinching", () => {
  it("zooms with the fingers' spread, keeping the point between them under them", () => {
    const from: [{ x: number; y: number }, { x: number; y: number }] = [
      { x: 500, y: 400 },
      { x: 700, y: 400 },
    ];
    const held = fractionAt(layoutOf(stage, photo, INITIAL_VIEW), { x: 600, y: 400 });
    // Fingers spread to twice the distance about the same middle: 2x, the middle still over the same point.
    const view = pinchView(stage, photo, INITIAL_VIEW, from, [
      { x: 400, y: 400 },
      { x: 800, y: 400 },
    ]);
    expect(view.zoom).toBeCloseTo(2, 10);
    const at = pointAt(layoutOf(stage, photo, view), held);
    expect(at.x).toBeCloseTo(600, 6);
    expect(at.y).toBeCloseTo(400, 6);
    // Both fingers moved 50 px left at the same spread: the photo moves with them.
    const moved = pinchView(stage, photo, view, from, [
      { x: 450, y: 400 },
      { x: 650, y: 400 },
    ]);
    expect(moved.zoom).toBeCloseTo(2, 10);
    expect(layoutOf(stage, photo, moved).left - layoutOf(stage, photo, view).left).toBeCloseTo(-50, 6);
    // Pinching in past 1x stops at the whole photo.
    expect(pinchView(stage, photo, view, from, [from[0], { x: 510, y: 400 }])).toEqual(INITIAL_VIEW);
  });
});

describe("the same image point on two screens", () => {
  it("maps a pointer between viewers with different sizes, zoom and pan", () => {
    const phone = { width: 390, height: 844 };
    const a = layoutOf(stage, photo, INITIAL_VIEW);
    const b = layoutOf(phone, photo, { zoom: 2, centerX: 0.7, centerY: 0.4 });
    const onA = { x: 40 + 0.75 * 1200, y: 0.4 * 800 };
    const onB = mapBetween(a, b, onA);
    // B shows the photo 780x520 at 2x, so 0.75 sits 0.05 * 780 = 39 px right of B's centre;
    // 520 px fit in B's 844 px height, so the photo stays centred down it (its asked 0.4 centre is not kept).
    expect(onB.x).toBeCloseTo(195 + 39, 6);
    expect(onB.y).toBeCloseTo((844 - 520) / 2 + 0.4 * 520, 6);
    // And back again.
    const again = mapBetween(b, a, onB);
    expect(again.x).toBeCloseTo(onA.x, 6);
    expect(again.y).toBeCloseTo(onA.y, 6);
    expect(fractionAt(b, onB).dx).toBeCloseTo(0.75, 10);
  });
});

describe("crop rectangles", () => {
  it("spans two points in any order, kept on the photo", () => {
    expect(rectBetween({ dx: 0.8, dy: 0.2 }, { dx: 0.3, dy: 0.6 })).toEqual({
      x: 0.3,
      y: 0.2,
      width: 0.5,
      height: expect.closeTo(0.4, 10),
    });
    expect(rectBetween({ dx: -0.5, dy: 0.5 }, { dx: 1.5, dy: 2 })).toEqual({ x: 0, y: 0.5, width: 1, height: 0.5 });
  });

  it("reads a crop= parameter back, refusing anything off the photo", () => {
    const rect = { x: 0.1, y: 0.25, width: 0.5, height: 0.3333333 };
    expect(rectParam(rect)).toBe("0.1,0.25,0.5,0.3333");
    expect(parseRectParam("0.1,0.25,0.5,0.3333")).toEqual({ x: 0.1, y: 0.25, width: 0.5, height: 0.3333 });
    for (const bad of [null, "", "1,2,3", "0.5,0.5,0.6,0.1", "-0.1,0,0.5,0.5", "0,0,0,0.5", "a,b,c,d", "0,0,1,1,1"])
      expect(parseRectParam(bad)).toBeNull();
  });
});
