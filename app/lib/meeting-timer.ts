// The meeting view's timer, as plain arithmetic so the
// screen only keeps it (in the browser's storage) and shows it:
// - off by default; 'Set up Timer' starts it now, ending two hours from now at
//   minute zero; 'End at' can move the end (never before the start); Cancel
//   turns it off;
// - an end that is not today is cleared when the timer is read back;
// - time per photo is the remaining seconds shared by the photos, in 'min/ph'
//   from 60 seconds up and 'sec/ph' below;
// - the full-screen countdown shows m:ss and turns negative (expired) once the
//   photo's time has run out; it starts 2 seconds after the photo opens.
// Times of day are on the club's clock (CLUB_TIME_ZONE), like every meeting time.
import { instantOf, parseWallClock, sameClubDay, toDateTimeInput, wallClockOf } from "./club-time";

/** A running timer: instants as ISO strings (what the browser's storage keeps); no end once it is cleared. */
export type MeetingTimer = { startAt: string; endAt: string | null };

const HOUR_MS = 60 * 60 * 1000;

/** The default end is two hours from now at minute zero (18:37 ends at 20:00). */
export function defaultTimerEnd(now: Date, zone: string): Date {
  const wall = wallClockOf(new Date(now.getTime() + 2 * HOUR_MS), zone);
  return instantOf({ ...wall, minute: 0 }, zone);
}

/** 'Set up Timer': starts now, ends at the default end. */
export function setUpTimer(now: Date, zone: string): MeetingTimer {
  return { startAt: now.toISOString(), endAt: defaultTimerEnd(now, zone).toISOString() };
}

/**
 * A timer read back from the browser's storage (any JSON, or nothing). Null
 * when there is no usable timer; its end cleared when that end is not today.
 */
export function reviveTimer(saved: unknown, now: Date, zone: string): MeetingTimer | null {
  if (!saved || typeof saved !== "object") return null;
  const { startAt, endAt } = saved as Record<string, unknown>;
  if (typeof startAt !== "string" || Number.isNaN(Date.parse(startAt))) return null;
  const end = typeof endAt === "string" && !Number.isNaN(Date.parse(endAt)) ? new Date(endAt) : null;
  return { startAt, endAt: end && sameClubDay(end, now, zone) ? end.toISOString() : null };
}

/** The 'End at' input's value and its minimum (the start), as datetime-local values on the club's clock. */
export function timerEndInput(timer: MeetingTimer, zone: string): { value: string; min: string } {
  return {
    value: timer.endAt ? toDateTimeInput(new Date(timer.endAt), zone) : "",
    min: toDateTimeInput(new Date(timer.startAt), zone),
  };
}

/**
 * The timer with the end typed into 'End at' (a datetime-local value); the end
 * is cleared when the input is empty or not a time, and refused (null) when it
 * is before the start.
 */
export function changeTimerEnd(timer: MeetingTimer, input: string, zone: string): MeetingTimer | null {
  const wall = parseWallClock(input);
  if (!wall) return { ...timer, endAt: null };
  const end = instantOf(wall, zone);
  if (end.getTime() < Date.parse(timer.startAt)) return null;
  return { ...timer, endAt: end.toISOString() };
}

/** Seconds left until the end (negative once it has passed); null without an end. */
export function secondsLeft(timer: MeetingTimer, now: Date): number | null {
  return timer.endAt === null ? null : (Date.parse(timer.endAt) - now.getTime()) / 1000;
}

/**
 * Seconds each photo still gets: the remaining seconds shared by `photos`
 * (the photos still to review, the current one included). Never below zero;
 * null without an end or without photos.
 */
export function secondsPerPhoto(timer: MeetingTimer, now: Date, photos: number): number | null {
  const left = secondsLeft(timer, now);
  if (left === null || photos <= 0) return null;
  return Math.max(0, left) / photos;
}

/** '2.5 min/ph' from 60 seconds up (to a tenth, '2 min/ph' when whole), '45 sec/ph' below. */
export function perPhotoText(seconds: number): string {
  if (seconds >= 60) {
    const minutes = Math.floor((seconds / 60) * 10) / 10;
    return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} min/ph`;
  }
  return `${Math.max(0, Math.floor(seconds))} sec/ph`;
}

/** The full-screen countdown waits this long after a photo opens before it ticks. */
export const COUNTDOWN_DELAY_MS = 2000;

/** Whole seconds left on a photo opened at `openedAt` with `perPhoto` seconds; negative once it ran past. */
export function countdownSeconds(openedAt: Date, now: Date, perPhoto: number): number {
  const ticking = now.getTime() - openedAt.getTime() - COUNTDOWN_DELAY_MS;
  const total = Math.floor(perPhoto);
  if (ticking <= 0) return total;
  return total - Math.floor(ticking / 1000);
}

/** The countdown as m:ss ('2:05', '0:00'), with a minus and `expired` once it is below zero ('-0:03'). */
export function countdownText(seconds: number): { text: string; expired: boolean } {
  const whole = Math.trunc(seconds);
  const expired = whole < 0;
  const magnitude = Math.abs(whole);
  const text = `${expired ? "-" : ""}${Math.floor(magnitude / 60)}:${String(magnitude % 60).padStart(2, "0")}`;
  return { text, expired };
}

/** The browser storage key a meeting's timer is kept under. */
export const timerStorageKey = (meetingId: number) => `meeting-timer:${meetingId}`;

/** What the full-screen viewer shows of the meeting's timer for the photo on screen. */
export type PhotoCountdown = {
  /** m:ss left for this photo, negative and expired once it ran past. */
  countdown: { text: string; expired: boolean };
  /** Whether it ticks yet (it waits COUNTDOWN_DELAY_MS after the photo opens). */
  ticking: boolean;
  /** The time each remaining photo gets, recalculated from `now` ('2.5 min/ph'). */
  perPhoto: string;
};

/**
 * The countdown of a photo opened at `openedAt` (the leader's opening when
 * following): the photo gets the time per photo as it was when it opened,
 * counted down from 2 seconds after; the time per photo beside it is
 * recalculated from `now`. Null without a timer end or without photos.
 */
export function photoCountdown(
  timer: MeetingTimer | null,
  openedAt: Date,
  now: Date,
  photosLeft: number,
): PhotoCountdown | null {
  if (!timer) return null;
  const given = secondsPerPhoto(timer, openedAt, photosLeft);
  const current = secondsPerPhoto(timer, now, photosLeft);
  if (given === null || current === null) return null;
  return {
    countdown: countdownText(countdownSeconds(openedAt, now, given)),
    ticking: now.getTime() - openedAt.getTime() > COUNTDOWN_DELAY_MS,
    perPhoto: perPhotoText(current),
  };
}
