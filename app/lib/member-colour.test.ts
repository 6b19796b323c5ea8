import { describe, expect, it } from "vitest";
import { memberColour } from "./member-colour";

describe("memberColour", () => {
  it("is the same for a member every time, and differs between neighbouring members", () => {
    expect(memberColour(7)).toBe(memberColour(7));
    const colours = new Set(Array.from({ length: 20 }, (_, i) => memberColour(i + 1)));
    expect(colours.size).toBe(20);
  });

  it("is a CSS hsl() colour dark enough for white names on it", () => {
    for (const id of [1, 2, 3, 1000, 2_147_483_647]) {
      const match = /^hsl\((\d+) 85% (\d+)%\)$/.exec(memberColour(id));
      expect(match).not.toBeNull();
      expect(Number(match![1])).toBeLessThan(360);
      expect(Number(match![2])).toBeLessThanOrEqual(42);
    }
  });
});
