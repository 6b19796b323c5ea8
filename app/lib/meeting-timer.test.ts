import { describe, expect, it } from "vitest";
import { toDateTimeInput } from "./club-time";
import {
  changeTimerEnd,
  countdownSeconds,
  countdownText,
  defaultTimerEnd,
  perPhotoText,
  photoCountdown,
  reviveTimer,
  secondsLeft,
  secondsPerPhoto,
  setUpTimer,
  timerEndInput,
} from "./meeting-timer";

const LA = "America/Los_Angeles";
const KOLKATA = "Asia/Kolkata"; // UTC+05:30: the club's minute zero is not UTC's
const at = (iso: string) => new Date(iso);

describe("setting up the timer", () => {
  it("starts now and ends two hours from now at minute zero, on the club's clock", () => {
    const now = at("2026-05-01T01:37:12Z"); // 18:37 in Los Angeles
    expect(toDateTimeInput(defaultTimerEnd(now, LA), LA)).toBe("2026-04-30T20:00");
    expect(setUpTimer(now, LA)).toEqual({ startAt: now.toISOString(), endAt: "2026-05-01T03:00:00.000Z" });
    // 07:07 in Kolkata ends at 09:00 there, which is 03:30 UTC.
    expect(defaultTimerEnd(at("2026-05-01T01:37:00Z"), KOLKATA).toISOString()).toBe("2026-05-01T03:30:00.000Z");
  });

  it("keeps the end two hours ahead at the top of an hour", () => {
    expect(defaultTimerEnd(at("2026-05-01T02:00:00Z"), LA).toISOString()).toBe("2026-05-01T04:00:00.000Z");
    expect(defaultTimerEnd(at("2026-05-01T02:59:59Z"), LA).toISOString()).toBe("2026-05-01T04:00:00.000Z");
  });

  it("offers an 'End at' input whose minimum is the start, and refuses an end before it", () => {
    const timer = setUpTimer(at("2026-05-01T01:37:00Z"), LA);
    expect(timerEndInput(timer, LA)).toEqual({ value: "2026-04-30T20:00", min: "2026-04-30T18:37" });
    expect(changeTimerEnd(timer, "2026-04-30T21:15", LA)).toEqual({ ...timer, endAt: "2026-05-01T04:15:00.000Z" });
    expect(changeTimerEnd(timer, "2026-04-30T18:00", LA)).toBeNull();
    expect(changeTimerEnd(timer, "", LA)).toEqual({ ...timer, endAt: null });
  });
});

describe("reading the timer back after a reload", () => {
  const now = at("2026-05-01T02:00:00Z"); // 19:00, 30 April, in Los Angeles

  it("keeps a timer ending today", () => {
    const saved = { startAt: "2026-05-01T01:00:00.000Z", endAt: "2026-05-01T06:59:00.000Z" }; // 23:59 today
    expect(reviveTimer(saved, now, LA)).toEqual(saved);
  });

  it("clears an end that is not today", () => {
    const tomorrow = { startAt: "2026-05-01T01:00:00.000Z", endAt: "2026-05-01T07:00:00.000Z" }; // 00:00 tomorrow
    expect(reviveTimer(tomorrow, now, LA)).toEqual({ startAt: tomorrow.startAt, endAt: null });
    const yesterday = { startAt: "2026-04-29T01:00:00.000Z", endAt: "2026-04-29T03:00:00.000Z" };
    expect(reviveTimer(yesterday, now, LA)?.endAt).toBeNull();
  });

  it.each([null, undefined, "x", 3, {}, { startAt: "nonsense", endAt: null }])("has no timer from %j", (saved) => {
    expect(reviveTimer(saved, now, LA)).toBeNull();
  });
});

describe("time per photo", () => {
  const timer = { startAt: "2026-05-01T01:00:00.000Z", endAt: "2026-05-01T02:00:00.000Z" };

  it("shares the remaining seconds among the photos, recalculated from the current time", () => {
    expect(secondsLeft(timer, at("2026-05-01T01:30:00Z"))).toBe(1800);
    expect(secondsPerPhoto(timer, at("2026-05-01T01:30:00Z"), 12)).toBe(150);
    expect(secondsPerPhoto(timer, at("2026-05-01T01:50:00Z"), 12)).toBe(50);
    expect(secondsPerPhoto(timer, at("2026-05-01T02:10:00Z"), 12)).toBe(0);
    expect(secondsPerPhoto(timer, at("2026-05-01T01:50:00Z"), 0)).toBeNull();
    expect(secondsPerPhoto({ ...timer, endAt: null }, at("2026-05-01T01:50:00Z"), 3)).toBeNull();
  });

  it.each([
    [150, "2.5 min/ph"],
    [120, "2 min/ph"],
    [60, "1 min/ph"],
    [59.9, "59 sec/ph"],
    [45, "45 sec/ph"],
    [0, "0 sec/ph"],
    [-5, "0 sec/ph"],
  ])("shows %d seconds as %j", (seconds, text) => {
    expect(perPhotoText(seconds)).toBe(text);
  });
});

describe("the full-screen countdown", () => {
  it("waits 2 seconds after opening, then ticks every second and runs negative", () => {
    const opened = at("2026-05-01T01:00:00Z");
    expect(countdownSeconds(opened, at("2026-05-01T01:00:01.900Z"), 90)).toBe(90);
    expect(countdownSeconds(opened, at("2026-05-01T01:00:03.000Z"), 90)).toBe(89);
    expect(countdownSeconds(opened, at("2026-05-01T01:01:32.000Z"), 90)).toBe(0);
    expect(countdownSeconds(opened, at("2026-05-01T01:01:35.500Z"), 90)).toBe(-3);
  });

  it.each([
    [125, "2:05", false],
    [60, "1:00", false],
    [0, "0:00", false],
    [-3, "-0:03", true],
    [-61, "-1:01", true],
  ])("shows %d seconds as %j (expired: %s)", (seconds, text, expired) => {
    expect(countdownText(seconds)).toEqual({ text, expired });
  });
});

describe("the viewer's countdown for the photo on screen", () => {
  // 10 minutes left for 4 photos when the photo opens: 150 s each.
  const timer = { startAt: "2026-05-01T00:50:00.000Z", endAt: "2026-05-01T01:10:00.000Z" };
  const opened = at("2026-05-01T01:00:00Z");

  it("gives the photo the time per photo at its opening, ticking from 2 seconds after", () => {
    expect(photoCountdown(timer, opened, at("2026-05-01T01:00:01.000Z"), 4)).toEqual({
      countdown: { text: "2:30", expired: false },
      ticking: false,
      perPhoto: "2.4 min/ph",
    });
    const later = photoCountdown(timer, opened, at("2026-05-01T01:01:02.000Z"), 4)!;
    expect(later.countdown).toEqual({ text: "1:30", expired: false });
    expect(later.ticking).toBe(true);
    // The time per photo is recalculated from now: 538 s left for 4 photos.
    expect(later.perPhoto).toBe("2.2 min/ph");
  });

  it("runs negative and marks it expired once the photo's time is up", () => {
    expect(photoCountdown(timer, opened, at("2026-05-01T01:02:37.000Z"), 4)!.countdown).toEqual({
      text: "-0:05",
      expired: true,
    });
  });

  it("shows nothing without a timer, an end or photos", () => {
    expect(photoCountdown(null, opened, opened, 4)).toBeNull();
    expect(photoCountdown({ ...timer, endAt: null }, opened, opened, 4)).toBeNull();
    expect(photoCountdown(timer, opened, opened, 0)).toBeNull();
  });
});
