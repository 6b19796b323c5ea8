import { describe, expect, it } from "vitest";
import { press } from "../key-press.testing";
import { arrowTarget } from "./detail-keys";

const links = { previous: "/browse/6", next: "/browse/8" };

describe("the photo detail's arrows", () => {
  it("go to the previous and next photo", () => {
    expect(arrowTarget(press("ArrowLeft"), links)).toBe("/browse/6");
    expect(arrowTarget(press("ArrowRight"), links)).toBe("/browse/8");
  });

  it("go nowhere past the ends of the list, and other keys are not theirs", () => {
    expect(arrowTarget(press("ArrowLeft"), { previous: null, next: "/browse/8" })).toBeNull();
    expect(arrowTarget(press("ArrowRight"), { previous: "/browse/6", next: null })).toBeNull();
    for (const key of ["ArrowUp", "ArrowDown", "Enter", "Escape"]) expect(arrowTarget(press(key), links)).toBeNull();
  });

  it("leave modified and handled presses alone (selecting text, the browser's history)", () => {
    for (const modifier of ["altKey", "ctrlKey", "metaKey", "shiftKey", "defaultPrevented"] as const)
      expect(arrowTarget(press("ArrowRight", { [modifier]: true }), links)).toBeNull();
  });
});
