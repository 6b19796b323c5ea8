import { describe, expect, it } from "vitest";
import { followStep, timerStartOf } from "./follow-lead";

const leaderOn = (photoId: number, timerStartedAt: number | null = 1_000) => ({
  photoId,
  zoom: 2.5,
  centerX: 0.25,
  centerY: 0.75,
  timerStartedAt,
});

describe("following the leader", () => {
  it("goes to the leader's photo before anything else", () => {
    expect(followStep(leaderOn(8), 7)).toEqual({ goTo: 8 });
  });

  it("takes the leader's zoom and centre on the same photo", () => {
    expect(followStep(leaderOn(7), 7)).toEqual({ view: { zoom: 2.5, centerX: 0.25, centerY: 0.75 } });
  });

  it("counts the time from the leader's opening of the photo shown, else from this viewer's", () => {
    expect(timerStartOf(leaderOn(7, 1_000), 7, 5_000)).toBe(1_000);
    expect(timerStartOf(leaderOn(8, 1_000), 7, 5_000)).toBe(5_000);
    expect(timerStartOf(leaderOn(7, null), 7, 5_000)).toBe(5_000);
    expect(timerStartOf(null, 7, 5_000)).toBe(5_000);
  });
});
