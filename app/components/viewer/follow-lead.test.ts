import { describe, expect, it } from "vitest";
import type { FollowedView } from "~/realtime/browser/review-book";
import { followStep, leadKey, ownLeadStep, timerStartOf } from "./follow-lead";

const leaderOn = (photoId: number, timerStartedAt: number | null = 1_000): FollowedView => ({
  photoId,
  zoom: 2.5,
  centerX: 0.25,
  centerY: 0.75,
  timerStartedAt,
  timer: null,
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

describe("the leader's windows are one lead", () => {
  it("takes another of the leader's windows' move: to its photo first, then its zoom and centre, once", () => {
    const moved = leaderOn(8);
    expect(ownLeadStep(moved, null, 7)).toEqual({ goTo: 8 });
    expect(ownLeadStep(moved, null, 8)).toEqual({ take: moved, view: { zoom: 2.5, centerX: 0.25, centerY: 0.75 } });
    // Taken: the viewer's own moves afterwards are never undone by it.
    expect(ownLeadStep(moved, moved, 9)).toBeNull();
    expect(ownLeadStep(null, null, 9)).toBeNull();
  });

  it("tells a view the lead shows already from a new one, the timer included", () => {
    const view = { zoom: 1, centerX: 0.5, centerY: 0.5 };
    expect(leadKey(8, view, null, null)).toBe(leadKey(8, { ...view }, null, null));
    expect(leadKey(8, view, null, null)).not.toBe(leadKey(9, view, null, null));
    expect(leadKey(8, view, null, null)).not.toBe(leadKey(8, { ...view, zoom: 1.25 }, null, null));
    expect(leadKey(8, view, null, null)).not.toBe(leadKey(8, view, 1_000, 3));
  });
});
