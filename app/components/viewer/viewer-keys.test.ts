import { describe, expect, it } from "vitest";
import { press } from "../key-press.testing";
import { tabTarget, viewerCommand } from "./viewer-keys";

describe("the viewer's keys", () => {
  it("maps the arrows, + - 0 (with their shifted twins) and Escape", () => {
    expect(viewerCommand(press("ArrowLeft"))).toBe("previous");
    expect(viewerCommand(press("ArrowRight"))).toBe("next");
    expect(viewerCommand(press("+"))).toBe("zoomIn");
    expect(viewerCommand(press("="))).toBe("zoomIn");
    expect(viewerCommand(press("-"))).toBe("zoomOut");
    expect(viewerCommand(press("_"))).toBe("zoomOut");
    expect(viewerCommand(press("0"))).toBe("resetZoom");
    expect(viewerCommand(press("Escape"))).toBe("escape");
  });

  it("leaves every other key to the browser, names of Object's own properties included", () => {
    for (const key of ["a", "Enter", " ", "Tab", "ArrowUp", "1", "toString", "constructor", "__proto__"])
      expect(viewerCommand(press(key))).toBeNull();
  });

  it("leaves the browser's shortcuts and handled presses alone", () => {
    expect(viewerCommand(press("ArrowLeft", { altKey: true }))).toBeNull();
    expect(viewerCommand(press("+", { ctrlKey: true }))).toBeNull();
    expect(viewerCommand(press("0", { metaKey: true }))).toBeNull();
    expect(viewerCommand(press("Escape", { defaultPrevented: true }))).toBeNull();
  });

  it("leaves keys typed into a field to the field, but not those on a button", () => {
    for (const targetTag of ["INPUT", "TEXTAREA", "SELECT"])
      expect(viewerCommand(press("ArrowLeft", { targetTag }))).toBeNull();
    expect(viewerCommand(press("ArrowLeft", { targetTag: "BUTTON" }))).toBe("previous");
  });
});

describe("Tab inside the viewer", () => {
  const root = { name: "viewer" };
  const controls = ["previous", "next", "exit"];

  it("goes round from the last control to the first, and back with Shift", () => {
    expect(tabTarget(controls, "exit", root, false)).toBe("previous");
    expect(tabTarget(controls, "previous", root, true)).toBe("exit");
  });

  it("goes to the last control on Shift+Tab from the viewer itself", () => {
    expect(tabTarget(controls, root, root, true)).toBe("exit");
  });

  it("leaves a move between two controls to the browser", () => {
    expect(tabTarget(controls, "previous", root, false)).toBeNull();
    expect(tabTarget(controls, "exit", root, true)).toBeNull();
    expect(tabTarget(controls, root, root, false)).toBeNull();
  });

  it("keeps focus on the viewer when nothing in it can take it", () => {
    expect(tabTarget([], root, root, false)).toBe("root");
    expect(tabTarget([], "elsewhere", root, true)).toBe("root");
  });
});
