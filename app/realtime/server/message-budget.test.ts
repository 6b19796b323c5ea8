import { describe, expect, it } from "vitest";
import { MessageBudget } from "./message-budget";

function clocked(points: number, windowMs: number) {
  const clock = { now: 0 };
  return { clock, budget: new MessageBudget<number>(points, windowMs, () => clock.now) };
}

describe("MessageBudget", () => {
  it("takes a key's first `points` messages of a window and refuses the rest, until the window ends", () => {
    const { clock, budget } = clocked(3, 1000);
    expect([1, 2, 3, 4, 5].map(() => budget.take(7))).toEqual([true, true, true, false, false]);
    clock.now = 999;
    expect(budget.take(7)).toBe(false);
    clock.now = 1000;
    expect([1, 2, 3, 4].map(() => budget.take(7))).toEqual([true, true, true, false]);
  });

  it("counts each key on its own", () => {
    const { budget } = clocked(1, 1000);
    expect(budget.take(1)).toBe(true);
    expect(budget.take(2)).toBe(true);
    expect(budget.take(1)).toBe(false);
  });

  it("forgets keys whose window is over as new keys come, so it never grows without bound", () => {
    const { clock, budget } = clocked(1, 1000);
    for (let key = 0; key < 5000; key++) {
      clock.now = key; // a new key every millisecond: at most about a second's worth are live
      budget.take(key);
    }
    expect(budget.size).toBeLessThan(2 * 1024 + 1000);
  });
});
