import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = new Date("2024-05-20T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("relativeTime", () => {
  it.each<[label: string, before: number, reads: string]>([
    // 'just now' within the first minute, and for a time a little ahead.
    ["0 s", 0, "just now"],
    ["59 s", 59 * SECOND, "just now"],
    ["-5 s (a little ahead)", -5 * SECOND, "just now"],
    // Minutes.
    ["1 min", MINUTE, "a minute ago"],
    ["119 s", 119 * SECOND, "a minute ago"],
    ["2 min", 2 * MINUTE, "2 minutes ago"],
    ["5 min 30 s", 5 * MINUTE + 30 * SECOND, "5 minutes ago"],
    ["59 min", 59 * MINUTE, "59 minutes ago"],
    // Hours.
    ["1 h", HOUR, "an hour ago"],
    ["3 h 20 min", 3 * HOUR + 20 * MINUTE, "3 hours ago"],
    ["23 h", 23 * HOUR, "23 hours ago"],
    // 'yesterday' for one to two days, then days for a week.
    ["1 day", DAY, "yesterday"],
    ["47 h", 47 * HOUR, "yesterday"],
    ["2 days", 2 * DAY, "2 days ago"],
    ["4 days 5 h", 4 * DAY + 5 * HOUR, "4 days ago"],
    ["6 days", 6 * DAY, "6 days ago"],
  ])("%s before now (%d ms) reads '%s'", (_label, before, reads) => {
    expect(relativeTime(ago(before), now)).toBe(reads);
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
