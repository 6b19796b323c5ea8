import { describe, expect, it } from "vitest";
import { featureYears, yearOnCameraClock } from "./feature-years";

const now = new Date(2025, 5, 1);

describe("featureYears", () => {
  it("runs from the join year to this year when the photo is older than the membership", () => {
    expect(featureYears(new Date(2022, 3, 1), new Date(2015, 0, 1), null, now)).toEqual([2025, 2024, 2023, 2022]);
  });

  it("starts at the year taken when that is later than joining", () => {
    expect(featureYears(new Date(2020, 0, 1), new Date(Date.UTC(2024, 6, 1)), "+02:00", now)).toEqual([2025, 2024]);
  });

  it("offers only this year to a member who joined this year, and nothing for a photo from the future", () => {
    expect(featureYears(new Date(2025, 0, 2), null, null, now)).toEqual([2025]);
    expect(featureYears(new Date(2020, 0, 2), new Date(Date.UTC(2031, 0, 1)), null, now)).toEqual([]);
  });
});

describe("yearOnCameraClock", () => {
  it("reads the year on the camera's own clock", () => {
    // 23:30 UTC on New Year's Eve is already next year in Berlin and still this year in New York.
    const instant = new Date(Date.UTC(2023, 11, 31, 23, 30));
    expect(yearOnCameraClock(instant, "+01:00")).toBe(2024);
    expect(yearOnCameraClock(instant, "-05:00")).toBe(2023);
    expect(yearOnCameraClock(instant, null)).toBe(2023);
  });
});
