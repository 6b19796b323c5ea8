import { describe, expect, it } from "vitest";
import { INITIAL_VIEW, ZOOM_STEP } from "~/lib/viewer-geometry";
import { isZoomed, layoutFor, shownView, zoomedAtCentre } from "./view-state";

const stage = { width: 1280, height: 800 };
const photo = { width: 3000, height: 2000 };
const unmeasured = { width: 0, height: 0 };

describe("the view shown", () => {
  it("places nothing until the stage is measured and the photo has loaded", () => {
    expect(layoutFor(stage, null, INITIAL_VIEW)).toBeNull();
    expect(layoutFor(unmeasured, photo, INITIAL_VIEW)).toBeNull();
    expect(layoutFor(stage, photo, INITIAL_VIEW)).toEqual({ left: 40, top: 0, width: 1200, height: 800 });
  });

  it("shows a view as asked until it can be clamped, then within the photo's edges", () => {
    const asked = { zoom: 6, centerX: 0, centerY: 0.5 };
    expect(shownView(stage, null, asked)).toEqual(asked);
    // 4x at most, and the left edge never comes inside the stage: 1280 / 2 of 4800 px shown.
    expect(shownView(stage, photo, asked)).toEqual({ zoom: 4, centerX: 640 / 4800, centerY: 0.5 });
  });

  it("zooms about the stage's centre, a step at a time, within 1x..4x", () => {
    const inOnce = zoomedAtCentre(stage, photo, INITIAL_VIEW, ZOOM_STEP);
    expect(inOnce).toEqual({ zoom: ZOOM_STEP, centerX: 0.5, centerY: 0.5 });
    const offCentre = { zoom: 2, centerX: 0.3, centerY: 0.4 };
    const zoomedIn = zoomedAtCentre(stage, photo, offCentre, 2);
    // The point at the centre stays there.
    expect(zoomedIn.zoom).toBe(4);
    expect(zoomedIn.centerX).toBeCloseTo(0.3);
    expect(zoomedIn.centerY).toBeCloseTo(0.4);
    expect(zoomedAtCentre(stage, photo, INITIAL_VIEW, 1 / ZOOM_STEP).zoom).toBe(1);
  });

  it("counts as zoomed only past 1x, not a rounding error of it", () => {
    expect(isZoomed(INITIAL_VIEW)).toBe(false);
    expect(isZoomed({ ...INITIAL_VIEW, zoom: 1.0005 })).toBe(false);
    expect(isZoomed({ ...INITIAL_VIEW, zoom: ZOOM_STEP })).toBe(true);
  });
});
