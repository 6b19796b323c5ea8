import { describe, expect, it } from "vitest";
import {
  monthlyDayName,
  nextMonthlyStart,
  addCalendarDays,
  clubYearOf,
  clubYearRange,
  formatMeetingDate,
  formatMeetingDateTime,
  formatMeetingTime,
  instantFromText,
  instantOf,
  isDateTimeText,
  isTimeZone,
  parseWallClock,
  sameClubDay,
  toDateTimeInput,
  wallClockOf,
} from "./club-time";

const LA = "America/Los_Angeles";
const PARIS = "Europe/Paris";

describe("the club's clock", () => {
  it("reads an instant on the club's clock and back", () => {
    const instant = new Date("2026-07-04T02:30:00Z");
    expect(wallClockOf(instant, LA)).toEqual({ year: 2026, month: 7, day: 3, hour: 19, minute: 30, second: 0 });
    expect(instantOf({ year: 2026, month: 7, day: 3, hour: 19, minute: 30 }, LA)).toEqual(instant);
    expect(toDateTimeInput(instant, LA)).toBe("2026-07-03T19:30");
    expect(toDateTimeInput(instant, "Asia/Kolkata")).toBe("2026-07-04T08:00");
  });

  it("resolves a time that happens twice to the first, and one that never happens forward by the gap", () => {
    // 1 November 2026, 01:30 happens at -07:00 and again at -08:00 in Los Angeles.
    expect(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, LA).toISOString()).toBe(
      "2026-11-01T08:30:00.000Z",
    );
    // 8 March 2026, 02:30 never happens there: it is read as 03:30 PDT.
    const skipped = instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, LA);
    expect(skipped.toISOString()).toBe("2026-03-08T10:30:00.000Z");
    expect(toDateTimeInput(skipped, LA)).toBe("2026-03-08T03:30");
  });

  it("adds calendar days on the club's clock: a 7 pm meeting stays at 7 pm across a daylight-saving change", () => {
    // Spring forward in Los Angeles on 8 March 2026: 7 pm PST, then 7 pm PDT (23 hours of UTC later... plus 6 days).
    const before = instantOf({ year: 2026, month: 3, day: 5, hour: 19, minute: 0 }, LA);
    const weekLater = addCalendarDays(before, 7, LA);
    expect(toDateTimeInput(weekLater, LA)).toBe("2026-03-12T19:00");
    expect(weekLater.getTime() - before.getTime()).toBe(7 * 24 * 3600_000 - 3600_000);
    // Fall back in Paris on 25 October 2026, fortnightly.
    const autumn = instantOf({ year: 2026, month: 10, day: 20, hour: 19, minute: 0 }, PARIS);
    const twoWeeks = addCalendarDays(autumn, 14, PARIS);
    expect(toDateTimeInput(twoWeeks, PARIS)).toBe("2026-11-03T19:00");
    expect(twoWeeks.getTime() - autumn.getTime()).toBe(14 * 24 * 3600_000 + 3600_000);
    // Across a month and a year end.
    expect(
      toDateTimeInput(
        addCalendarDays(instantOf({ year: 2026, month: 12, day: 29, hour: 19, minute: 0 }, LA), 7, LA),
        LA,
      ),
    ).toBe("2027-01-05T19:00");
  });

  it("reads a date and time with an offset as an instant, and one without as the club's clock", () => {
    expect(instantFromText("2026-03-10T19:00:00-07:00", PARIS)?.toISOString()).toBe("2026-03-11T02:00:00.000Z");
    expect(instantFromText("2026-03-10T19:00:00.000Z", LA)?.toISOString()).toBe("2026-03-10T19:00:00.000Z");
    expect(instantFromText("2026-03-10T19:00", PARIS)?.toISOString()).toBe("2026-03-10T18:00:00.000Z");
    expect(instantFromText("2026-03-10T19:00", LA)?.toISOString()).toBe("2026-03-11T02:00:00.000Z");
  });

  it.each([
    "",
    "tomorrow",
    "2026-02-30T19:00",
    "2026-13-01T10:00",
    "2026-03-10T24:00",
    "2026-03-10",
    "2026-02-30T10:00Z",
    "1800-01-01T10:00",
  ])("refuses %j as a date and time", (text) => {
    expect(isDateTimeText(text)).toBe(false);
    expect(instantFromText(text, LA)).toBeNull();
  });

  it("parses the datetime-local value only when it names a real minute", () => {
    expect(parseWallClock("2028-02-29T23:59")).toEqual({ year: 2028, month: 2, day: 29, hour: 23, minute: 59 });
    expect(parseWallClock("2027-02-29T23:59")).toBeNull();
  });

  it("puts a meeting in the year and on the day of the club's calendar", () => {
    const newYearsEve = new Date("2027-01-01T03:00:00Z"); // 31 December, 7 pm in Los Angeles
    expect(clubYearOf(newYearsEve, LA)).toBe(2026);
    expect(clubYearOf(newYearsEve, PARIS)).toBe(2027);
    const { from, to } = clubYearRange(2026, LA);
    expect(from.toISOString()).toBe("2026-01-01T08:00:00.000Z");
    expect(to.toISOString()).toBe("2027-01-01T08:00:00.000Z");
    expect(sameClubDay(new Date("2026-05-01T06:00:00Z"), new Date("2026-04-30T08:00:00Z"), LA)).toBe(true);
    expect(sameClubDay(new Date("2026-05-01T06:00:00Z"), new Date("2026-04-30T08:00:00Z"), PARIS)).toBe(false);
  });

  it("formats the same text everywhere, from numbers and English names", () => {
    const start = new Date("2026-03-11T02:00:00Z");
    expect(formatMeetingDateTime(start, LA)).toBe("Tue, Mar 10, 2026, 7:00 PM");
    expect(formatMeetingDateTime(start.toISOString(), PARIS)).toBe("Wed, Mar 11, 2026, 3:00 AM");
    expect(formatMeetingDate(start, LA)).toBe("Tuesday, March 10, 2026");
    expect(formatMeetingTime(new Date("2026-03-11T07:05:00Z"), LA)).toBe("12:05 AM");
    expect(formatMeetingTime(new Date("2026-03-11T20:00:00Z"), LA)).toBe("1:00 PM");
  });

  it("knows real IANA zones only", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("a monthly meeting's next start", () => {
  const ZONE = "America/Los_Angeles";
  const next = (start: string, week: "same" | "last") =>
    toDateTimeInput(nextMonthlyStart(instantFromText(start, ZONE)!, ZONE, week), ZONE);

  it("keeps the weekday and its week of the month: the 2nd Tuesday, then the next month's 2nd Tuesday", () => {
    // Tuesday 8 December 2026 is the second Tuesday; 12 January 2027 the next.
    expect(next("2026-12-08T19:00", "same")).toBe("2027-01-12T19:00");
    // The first Monday; the fourth Thursday (26 November 2026, then 24 December).
    expect(next("2026-12-07T18:30", "same")).toBe("2027-01-04T18:30");
    expect(next("2026-11-26T19:00", "same")).toBe("2026-12-24T19:00");
    // Across February: the 3rd Wednesday, 21 January 2027, then 17 February.
    expect(next("2027-01-20T19:00", "same")).toBe("2027-02-17T19:00");
  });

  it("follows a 5th weekday with the next month's last one (most months have no fifth)", () => {
    // Tuesday 29 December 2026 is a fifth Tuesday; January 2027's last is the 26th.
    expect(next("2026-12-29T19:00", "same")).toBe("2027-01-26T19:00");
    // Thursday 30 April 2026, a fifth; May 2026 has five Thursdays too, its last the 28th.
    expect(next("2026-04-30T19:00", "same")).toBe("2026-05-28T19:00");
  });

  it("on the last week: the next last such weekday of a month, this month's while it is to come", () => {
    // The last Tuesday: 26 January 2027, then 23 February, then 30 March (a fifth).
    expect(next("2027-01-26T19:00", "last")).toBe("2027-02-23T19:00");
    expect(next("2027-02-23T19:00", "last")).toBe("2027-03-30T19:00");
    // A series started on the 2nd Tuesday of December 2026 goes to its last Tuesday, the 29th.
    expect(next("2026-12-08T19:00", "last")).toBe("2026-12-29T19:00");
  });

  it("stays at the same wall-clock time across daylight saving, and into the next year", () => {
    // 2nd Tuesday of February 2027 (PST) to 2nd Tuesday of March 2027 (PDT, clocks went forward on the 14th).
    const start = instantFromText("2027-02-09T19:00", ZONE)!;
    const after = nextMonthlyStart(start, ZONE, "same");
    expect(toDateTimeInput(after, ZONE)).toBe("2027-03-09T19:00");
    expect(after.toISOString()).toBe("2027-03-10T03:00:00.000Z");
    expect(next("2027-03-14T19:00", "same")).toBe("2027-04-11T19:00");
  });

  it("names the day it keeps", () => {
    expect(monthlyDayName(instantFromText("2026-12-08T19:00", ZONE)!, ZONE, "same")).toBe("the second Tuesday");
    expect(monthlyDayName(instantFromText("2026-12-29T19:00", ZONE)!, ZONE, "same")).toBe("the last Tuesday");
    expect(monthlyDayName(instantFromText("2026-12-01T19:00", ZONE)!, ZONE, "last")).toBe("the last Tuesday");
    expect(monthlyDayName(instantFromText("2026-12-24T19:00", ZONE)!, ZONE, "same")).toBe("the fourth Thursday");
  });
});
