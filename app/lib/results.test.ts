import { describe, expect, it } from "vitest";
import { placingPointsOf, PlacingPointsSchema } from "./club-schemas";
import { placeName, placesOf, sharedPlaces } from "./results";

const row = (rating: number | null, ratingCount: number) => ({ rating, ratingCount });

describe("placesOf", () => {
  it("gives photos with the same average and the same number of ratings one place, and skips the places after (1, 1, 3)", () => {
    expect(placesOf([row(4.5, 2), row(4.5, 2), row(4, 3), row(4, 2), row(4, 2), row(4, 2), row(3, 1)])).toEqual([
      1, 1, 3, 4, 4, 4, 7,
    ]);
  });

  it("keeps apart the same average from a different number of ratings, and puts the unrated together last", () => {
    expect(placesOf([row(5, 3), row(5, 2), row(null, 0), row(null, 0)])).toEqual([1, 2, 3, 3]);
    expect(placesOf([])).toEqual([]);
  });
});

describe("sharedPlaces and placeName", () => {
  it("names the shared places 'Joint ...'", () => {
    const shared = sharedPlaces([{ place: 1 }, { place: 1 }, { place: 3 }, { place: 4 }, { place: 4 }]);
    expect([...shared]).toEqual([1, 4]);
    expect(placeName(1, true)).toBe("Joint first");
    expect(placeName(2, false)).toBe("Second");
    expect(placeName(3, true)).toBe("Joint third");
    expect(placeName(4, true)).toBe("Joint 4th");
    expect([11, 12, 13, 21, 22, 23, 101].map((n) => placeName(n, false))).toEqual([
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
    ]);
  });
});

describe("PlacingPointsSchema", () => {
  it("takes whole numbers from 0 to 100, each place worth no more than the one above", () => {
    const parse = (body: Record<string, number>) => placingPointsOf(PlacingPointsSchema.parse(body));
    expect(parse({ firstPlacePoints: 5, secondPlacePoints: 3, thirdPlacePoints: 0 })).toEqual({
      first: 5,
      second: 3,
      third: 0,
    });
    expect(parse({ firstPlacePoints: 1, secondPlacePoints: 1, thirdPlacePoints: 1 })).toEqual({
      first: 1,
      second: 1,
      third: 1,
    });
    const refused = (body: Record<string, unknown>) =>
      PlacingPointsSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(refused({ firstPlacePoints: 101, secondPlacePoints: 2, thirdPlacePoints: -1 })).toEqual([
      ["firstPlacePoints", "Points for a first place must be a whole number from 0 to 100."],
      ["thirdPlacePoints", "Points for a third place must be a whole number from 0 to 100."],
    ]);
    expect(refused({ firstPlacePoints: 3, secondPlacePoints: 2.5, thirdPlacePoints: 1 })).toEqual([
      ["secondPlacePoints", "Points for a second place must be a whole number from 0 to 100."],
    ]);
    expect(refused({ firstPlacePoints: 2, secondPlacePoints: 3, thirdPlacePoints: 4 })).toEqual([
      ["secondPlacePoints", "A second place cannot be worth more than a first."],
      ["thirdPlacePoints", "A third place cannot be worth more than a second."],
    ]);
  });
});
