import { describe, expect, it } from "vitest";
import { nextRating, ratingLabel, RATING_LABELS, summaryAfterChange } from "./ratings";

describe("rating labels", () => {
  it("names each star in the contract's words", () => {
    expect([1, 2, 3, 4, 5].map(ratingLabel)).toEqual(["unmoved", "not sure", "has potential", "good", "print it"]);
    expect(Object.keys(RATING_LABELS)).toHaveLength(5);
  });

  it("has no label for a cleared rating or a value that is not a star", () => {
    expect(ratingLabel(0)).toBeNull();
    expect(ratingLabel(6)).toBeNull();
    expect(ratingLabel(2.5)).toBeNull();
  });
});

describe("nextRating", () => {
  it("clears the rating when the member clicks the star they already gave", () => {
    expect(nextRating(4, 4)).toBe(0);
    expect(nextRating(1, 1)).toBe(0);
  });

  it("sets the clicked star otherwise", () => {
    expect(nextRating(4, 2)).toBe(2);
    expect(nextRating(0, 5)).toBe(5);
    expect(nextRating(null, 3)).toBe(3);
    expect(nextRating(undefined, 1)).toBe(1);
  });
});

describe("summaryAfterChange", () => {
  const rated = { average: 2.5, count: 2 };

  it("adds a new rating to the average and the count", () => {
    expect(summaryAfterChange(rated, { before: 0, after: 4, isOwner: false })).toEqual({ average: 3, count: 3 });
  });

  it("replaces the member's rating without changing the count", () => {
    expect(summaryAfterChange(rated, { before: 2, after: 5, isOwner: false })).toEqual({ average: 4, count: 2 });
  });

  it("takes a cleared rating away, down to none", () => {
    expect(summaryAfterChange(rated, { before: 3, after: 0, isOwner: false })).toEqual({ average: 2, count: 1 });
    expect(summaryAfterChange({ average: 4, count: 1 }, { before: 4, after: 0, isOwner: false })).toEqual({
      average: null,
      count: 0,
    });
  });

  it("leaves the owner's own rating out", () => {
    expect(summaryAfterChange(rated, { before: 0, after: 5, isOwner: true })).toBe(rated);
  });

  it("rounds to three decimals, as the stored average (times 1000) does", () => {
    expect(summaryAfterChange({ average: 1.5, count: 2 }, { before: 0, after: 2, isOwner: false })).toEqual({
      average: 1.667,
      count: 3,
    });
  });
});
