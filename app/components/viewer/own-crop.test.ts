import { describe, expect, it } from "vitest";
import { cropBegun, cropClicked, cropDragged, cropLetGo, cropOpen, cropRect, type OwnCropState } from "./own-crop";

const at = (dx: number, dy: number) => ({ dx, dy });

describe("the member's own crop", () => {
  it("starts at a first click and tells the others", () => {
    const step = cropClicked(null, at(0.2, 0.3));
    expect(step).toEqual({
      crop: { start: at(0.2, 0.3), end: at(0.2, 0.3), done: false },
      send: { phase: "start", start: at(0.2, 0.3) },
    });
    expect(cropOpen(step!.crop)).toBe(true);
  });

  it("follows the pointer while open, its corner kept on the photo", () => {
    const open: OwnCropState = { start: at(0.2, 0.3), end: at(0.2, 0.3), done: false };
    expect(cropDragged(open, at(0.6, 0.5))).toEqual({
      crop: { ...open, end: at(0.6, 0.5) },
      send: { phase: "drag", start: at(0.2, 0.3), drag: at(0.6, 0.5) },
    });
    expect(cropDragged(open, at(1.4, -0.2))?.crop.end).toEqual(at(1, 0));
  });

  it("ends at the second click, and a third starts a new one", () => {
    const open: OwnCropState = { start: at(0.6, 0.5), end: at(0.3, 0.4), done: false };
    const ended = cropClicked(open, at(0.2, 0.1));
    expect(ended).toEqual({
      crop: { start: at(0.6, 0.5), end: at(0.2, 0.1), done: true },
      send: { phase: "end", start: at(0.6, 0.5), end: at(0.2, 0.1) },
    });
    expect(cropOpen(ended!.crop)).toBe(false);
    // Drawn from any corner: the rectangle between the two.
    const rect = cropRect(ended!.crop);
    expect(rect.x).toBeCloseTo(0.2);
    expect(rect.y).toBeCloseTo(0.1);
    expect(rect.width).toBeCloseTo(0.4);
    expect(rect.height).toBeCloseTo(0.4);
    expect(cropClicked(ended!.crop, at(0.9, 0.9))?.send).toEqual({ phase: "start", start: at(0.9, 0.9) });
  });

  it("ignores a click off the photo, and moves when no crop is open", () => {
    expect(cropClicked(null, at(-0.1, 0.5))).toBeNull();
    expect(cropClicked({ start: at(0.1, 0.1), end: at(0.1, 0.1), done: false }, at(0.5, 1.2))).toBeNull();
    expect(cropDragged(null, at(0.5, 0.5))).toBeNull();
    expect(cropDragged({ start: at(0.1, 0.1), end: at(0.4, 0.4), done: true }, at(0.5, 0.5))).toBeNull();
    expect(cropOpen(null)).toBe(false);
  });
});

describe("a crop drawn by a finger", () => {
  it("begins where the stroke began, follows it, and ends where the finger lifts, kept on the photo", () => {
    const begun = cropBegun(at(0.2, 0.3));
    expect(begun).toEqual({
      crop: { start: at(0.2, 0.3), end: at(0.2, 0.3), done: false },
      send: { phase: "start", start: at(0.2, 0.3) },
    });
    const dragged = cropDragged(begun!.crop, at(0.5, 0.6))!;
    expect(cropLetGo(dragged.crop, at(1.3, 0.7))).toEqual({
      crop: { start: at(0.2, 0.3), end: at(1, 0.7), done: true },
      send: { phase: "end", start: at(0.2, 0.3), end: at(1, 0.7) },
    });
  });

  it("replaces an ended crop, begins nothing off the photo, and a lift with no crop open ends nothing", () => {
    expect(cropBegun(at(-0.1, 0.5))).toBeNull();
    const ended: OwnCropState = { start: at(0.1, 0.1), end: at(0.3, 0.3), done: true };
    expect(cropLetGo(ended, at(0.5, 0.5))).toBeNull();
    expect(cropLetGo(null, at(0.5, 0.5))).toBeNull();
    expect(cropBegun(at(0.6, 0.6))?.crop.start).toEqual(at(0.6, 0.6));
  });
});
