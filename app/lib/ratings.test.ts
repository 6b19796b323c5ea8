import { describe, expect, it } from "vitest";
import { averageExcludingOwner, nextRating, ratingLabel, RATING_LABELS, withRating } from "./ratings";

describe("rating labels", () => {
  it("names each star as spec section 3 does", () => {
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

describe("averageExcludingOwner", () => {
  const owner = 7;

  it("leaves the owner's own rating out", () => {
    const ratings = [
      { UserId: owner, value: 5 },
      { UserId: 1, value: 2 },
      { UserId: 2, value: 3 },
    ];
    expect(averageExcludingOwner(ratings, owner)).toBe(2.5);
  });

  it("is null when only the owner (or nobody) rated the photo", () => {
    expect(averageExcludingOwner([{ UserId: owner, value: 4 }], owner)).toBeNull();
    expect(averageExcludingOwner([], owner)).toBeNull();
  });

  it("rounds to three decimals, as the stored average (times 1000) does", () => {
    const ratings = [
      { UserId: 1, value: 1 },
      { UserId: 2, value: 2 },
      { UserId: 3, value: 2 },
    ];
    expect(averageExcludingOwner(ratings, owner)).toBe(1.667);
  });
});

describe("withRating", () => {
  const ratings = [
    { UserId: 1, value: 2 },
    { UserId: 2, value: 3 },
  ];

  it("replaces the member's rating, or adds it", () => {
    expect(withRating(ratings, { UserId: 1, value: 5 })).toEqual([
      { UserId: 2, value: 3 },
      { UserId: 1, value: 5 },
    ]);
    expect(withRating(ratings, { UserId: 9, value: 1 })).toHaveLength(3);
  });

  it("removes it when the rating is cleared", () => {
    expect(withRating(ratings, { UserId: 2, value: 0 })).toEqual([{ UserId: 1, value: 2 }]);
  });
});
