import { describe, expect, it } from "vitest";
import { press } from "../key-press.testing";
import { positionText, stepIndex, stepOfKey } from "./presenter-steps";

describe("the presenter's steps", () => {
  it("moves with the arrows and a clicker's Page Up/Down, to either end with Home and End", () => {
    const stepOf = { ArrowRight: "next", PageDown: "next", ArrowLeft: "previous", PageUp: "previous" } as const;
    const endOf = { Home: "first", End: "last" } as const;
    for (const [key, step] of Object.entries({ ...stepOf, ...endOf })) expect(stepOfKey(press(key)), key).toBe(step);
    expect(stepOfKey(press("a"))).toBeNull();
  });

  it("leaves a key with Ctrl, Alt or Meta to the browser (Alt+Left is Back)", () => {
    expect(stepOfKey(press("ArrowLeft", { altKey: true }))).toBeNull();
    expect(stepOfKey(press("ArrowRight", { ctrlKey: true }))).toBeNull();
    expect(stepOfKey(press("ArrowRight", { metaKey: true }))).toBeNull();
  });

  it("stays at either end", () => {
    expect(stepIndex(0, 3, "previous")).toBe(0);
    expect(stepIndex(0, 3, "next")).toBe(1);
    expect(stepIndex(2, 3, "next")).toBe(2);
    expect(stepIndex(1, 3, "first")).toBe(0);
    expect(stepIndex(0, 3, "last")).toBe(2);
    expect(stepIndex(0, 0, "next")).toBe(0);
  });

  it("says where the photo is in the meeting's order", () => {
    expect(positionText(2, 12)).toBe("3 / 12");
  });
});
