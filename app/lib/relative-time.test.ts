import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = new Date("2024-05-20T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("relativeTime", () => {
  it("says 'just now' within the first minute, and for a time a little ahead", () => {
    expect(relativeTime(now, now)).toBe("just now");
    expect(relativeTime(ago(59 * SECOND), now)).toBe("just now");
    expect(relativeTime(ago(-5 * SECOND), now)).toBe("just now");
  });

  it("counts minutes", () => {
    expect(relativeTime(ago(MINUTE), now)).toBe("a minute ago");
    expect(relativeTime(ago(119 * SECOND), now)).toBe("a minute ago");
    expect(relativeTime(ago(2 * MINUTE), now)).toBe("2 minutes ago");
    expect(relativeTime(ago(5 * MINUTE + 30 * SECOND), now)).toBe("5 minutes ago");
    expect(relativeTime(ago(59 * MINUTE), now)).toBe("59 minutes ago");
  });

  it("counts hours", () => {
    expect(relativeTime(ago(HOUR), now)).toBe("an hour ago");
    expect(relativeTime(ago(3 * HOUR + 20 * MINUTE), now)).toBe("3 hours ago");
    expect(relativeTime(ago(23 * HOUR), now)).toBe("23 hours ago");
  });

  it("says 'yesterday' for one to two days, then counts days for a week", () => {
    expect(relativeTime(ago(DAY), now)).toBe("yesterday");
    expect(relativeTime(ago(47 * HOUR), now)).toBe("yesterday");
    expect(relativeTime(ago(2 * DAY), now)).toBe("2 days ago");
    expect(relativeTime(ago(4 * DAY + 5 * HOUR), now)).toBe("4 days ago");
    expect(relativeTime(ago(6 * DAY), now)).toBe("6 days ago");
  });

  it("gives the date from a week on", () => {
    expect(relativeTime(ago(7 * DAY), now, "UTC")).toBe("May 13, 2024");
    expect(relativeTime("2023-12-31T23:30:00Z", now, "UTC")).toBe("Dec 31, 2023");
    expect(relativeTime("2023-12-31T23:30:00Z", now, "America/Los_Angeles")).toBe("Dec 31, 2023");
    expect(relativeTime("2024-01-01T03:00:00Z", now, "America/Los_Angeles")).toBe("Dec 31, 2023");
  });

  it("reads ISO strings as the API sends them", () => {
    expect(relativeTime("2024-05-20T09:00:00.000Z", now)).toBe("3 hours ago");
  });
});
