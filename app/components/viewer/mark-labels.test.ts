import { describe, expect, test } from "vitest";
import { unpileLabels, type LabelBox } from "./mark-labels";

const label = (left: number, top: number, width = 60, height = 20): LabelBox => ({ left, top, width, height });
const moved = (box: LabelBox, dy: number): LabelBox => ({ ...box, top: box.top + dy });
const apart = (a: LabelBox, b: LabelBox) =>
  a.left + a.width <= b.left || b.left + b.width <= a.left || a.top + a.height <= b.top || b.top + b.height <= a.top;

describe("unpileLabels", () => {
  test("labels that do not touch keep their places", () => {
    expect(unpileLabels([label(0, 0), label(100, 0), label(0, 100)])).toEqual([
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
    ]);
  });

  test("four names on one spot (a phone, four crops from the same corner) end up apart, each near its mark", () => {
    const boxes = [label(10, 50), label(12, 52), label(8, 49), label(11, 51)];
    const shifts = unpileLabels(boxes);
    const placed = boxes.map((box, i) => moved(box, shifts[i]!.dy));
    for (let i = 0; i < placed.length; i++)
      for (let j = i + 1; j < placed.length; j++) expect(apart(placed[i]!, placed[j]!), `${i} and ${j}`).toBe(true);
    expect(shifts[0]).toEqual({ dx: 0, dy: 0 });
    for (const shift of shifts) expect(Math.abs(shift.dy)).toBeLessThanOrEqual(3 * 22);
  });

  test("a label moves by its own height plus the gap, the nearest way first", () => {
    expect(unpileLabels([label(0, 0), label(0, 5)])[1]).toEqual({ dx: 0, dy: 22 });
  });

  test("when every place is covered it takes the least covered one, never throwing", () => {
    const crowd = Array.from({ length: 20 }, () => label(0, 0));
    const shifts = unpileLabels(crowd);
    expect(shifts).toHaveLength(20);
    expect(new Set(shifts.slice(0, 13).map((shift) => shift.dy)).size).toBe(13);
  });
});
