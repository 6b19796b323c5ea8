// Meetings happen at a wall-clock time in the club's city (CLUB_TIME_ZONE), so
// every meeting time is shown and entered in that zone, whoever looks and
// wherever they are. The database stores instants; these functions turn them
// into the club's wall clock and back with the platform's Intl (no date
// library), the same way on the server and in the browser.
//
// Texts are built from numeric parts and the English names below, never from a
// locale's formatted string: server and browser may carry different ICU data
// (a narrow no-break space before 'PM' in one, a plain space in the other), and
// a rendered time must be the same text on both or hydration fails.

/** A time on the club's clock. Months are 1-12. */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether the platform knows this IANA time zone ('Europe/Paris'; not 'Mars/Olympus'). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 100) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone this machine runs in (the default club zone). */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The club's clock at an instant (seconds included, for arithmetic). */
export function wallClockOf(instant: Date, zone: string): WallClock & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    // Some engines say 24 for midnight even with h23.
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const asUtc = (wall: WallClock, second = 0) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, second);

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(epochMs: number, zone: string): number {
  const wall = wallClockOf(new Date(epochMs), zone);
  return asUtc(wall, wall.second) - Math.floor(epochMs / 1000) * 1000;
}

const sameWall = (a: WallClock, b: WallClock) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant the club's clock shows `wall`. Daylight-saving changes are
 * resolved as calendars do: a time that happens twice (clocks go back) is the
 * first of the two; a time that never happens (clocks go forward) moves
 * forward by the gap (02:30 becomes 03:30).
 */
export function instantOf(wall: WallClock, zone: string): Date {
  const local = asUtc(wall);
  // The offsets a day either side cover any single change near this time.
  const offsets = [offsetAt(local - DAY_MS, zone), offsetAt(local + DAY_MS, zone)];
  const fits = offsets
    .map((offset) => local - offset)
    .filter((epoch) => sameWall(wallClockOf(new Date(epoch), zone), wall));
  if (fits.length > 0) return new Date(Math.min(...fits));
  // In the gap: read it with the offset from before the change.
  return new Date(local - offsets[0]!);
}

/**
 * The same wall-clock time `days` calendar days later in the club's zone: a
 * 7 pm meeting stays at 7 pm across a daylight-saving change.
 */
export function addCalendarDays(instant: Date, days: number, zone: string): Date {
  const wall = wallClockOf(instant, zone);
  return onDayAt(new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days)), wall, zone);
}

/** The instant of `date`'s day (a UTC date) at the wall-clock time of `wall`, on the club's clock. */
function onDayAt(date: Date, wall: { hour: number; minute: number }, zone: string): Date {
  return instantOf(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: wall.hour,
      minute: wall.minute,
    },
    zone,
  );
}

/** The nth (1-5) weekday (0 Sunday) of a month (1-12, or 13 for next January), as a UTC date. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): Date {
  const first = new Date(Date.UTC(year, month - 1, 1));
  return new Date(first.getTime() + (((weekday - first.getUTCDay() + 7) % 7) + 7 * (nth - 1)) * DAY_MS);
}

/** The last weekday (0 Sunday) of a month (1-12, or 13 for next January), as a UTC date. */
function lastWeekday(year: number, month: number, weekday: number): Date {
  const end = new Date(Date.UTC(year, month, 0));
  return new Date(end.getTime() - ((end.getUTCDay() - weekday + 7) % 7) * DAY_MS);
}

/** Which of its month's weekdays a day is: 1 for the first Tuesday, ... 5 for a fifth (the 29th to 31st). */
const weekOfMonth = (day: number) => Math.ceil(day / 7);

/**
 * A monthly meeting's next start at the same wall-clock time on the club's
 * clock. `same`: the same weekday in the same week of the next month (the 2nd
 * Tuesday, then the next month's 2nd Tuesday); a meeting on a 5th weekday is
 * followed by the next month's last one, since most months have no fifth.
 * `last`: the next last such weekday of a month after this day (this month's,
 * if it is still to come).
 */
export function nextMonthlyStart(instant: Date, zone: string, week: "same" | "last"): Date {
  const wall = wallClockOf(instant, zone);
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  const nth = weekOfMonth(wall.day);
  let date: Date;
  if (week === "last") {
    const thisMonth = lastWeekday(wall.year, wall.month, weekday);
    date = thisMonth.getUTCDate() > wall.day ? thisMonth : lastWeekday(wall.year, wall.month + 1, weekday);
  } else {
    date =
      nth === 5 ? lastWeekday(wall.year, wall.month + 1, weekday) : nthWeekday(wall.year, wall.month + 1, weekday, nth);
  }
  return onDayAt(date, wall, zone);
}

const NTH_WORDS = ["first", "second", "third", "fourth"];

/** 'the second Tuesday', 'the last Tuesday': the day of the month a monthly meeting keeps, from one of its starts. */
export function monthlyDayName(instant: Date | string, zone: string, week: "same" | "last"): string {
  const wall = wallClockOf(new Date(instant), zone);
  const nth = weekOfMonth(wall.day);
  return `the ${week === "last" || nth === 5 ? "last" : NTH_WORDS[nth - 1]} ${weekdayOf(wall)}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The value of an `<input type="datetime-local">` showing this instant on the club's clock: '2026-03-10T19:00'. */
export function toDateTimeInput(instant: Date, zone: string): string {
  const w = wallClockOf(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/;
const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** A wall-clock time as a datetime-local input sends it ('2026-03-10T19:00'), or null when it is not a real one. */
export function parseWallClock(text: string): WallClock | null {
  const match = LOCAL_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = "0"] = match.slice(1).map((part) => part ?? "0");
  const wall = { year: +year!, month: +month!, day: +day!, hour: +hour!, minute: +minute! };
  const check = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  const realDate =
    check.getUTCFullYear() === wall.year && check.getUTCMonth() === wall.month - 1 && check.getUTCDate() === wall.day;
  if (!realDate || wall.hour > 23 || wall.minute > 59 || +second > 59 || wall.year < 1900) return null;
  return wall;
}

/**
 * A date and time as a form or the API sends it: with an offset it is an
 * instant ('2026-03-10T19:00:00-07:00', '...Z'); without one it is a time on
 * the club's clock ('2026-03-10T19:00'). Null when it is neither.
 */
export function instantFromText(text: string, zone: string): Date | null {
  const trimmed = text.trim();
  if (OFFSET_DATE_TIME.test(trimmed)) {
    const date = new Date(trimmed);
    const wall = parseWallClock(/^[^Z+]*?(?=Z|[+-]\d{2}:?\d{2}$)/i.exec(trimmed)?.[0] ?? "");
    return Number.isNaN(date.getTime()) || !wall ? null : date;
  }
  const wall = parseWallClock(trimmed);
  return wall ? instantOf(wall, zone) : null;
}

/** Whether a text is a date and time `instantFromText` understands (the zone does not change the answer). */
export function isDateTimeText(text: string): boolean {
  return instantFromText(text, "UTC") !== null;
}

/** The year of an instant on the club's calendar (a meeting at 1 am on 1 January belongs to the new year). */
export function clubYearOf(instant: Date, zone: string): number {
  return wallClockOf(instant, zone).year;
}

/** The instants a club year starts and ends: [1 January 00:00, next 1 January 00:00) on the club's clock. */
export function clubYearRange(year: number, zone: string): { from: Date; to: Date } {
  const midnight = (y: number) => instantOf({ year: y, month: 1, day: 1, hour: 0, minute: 0 }, zone);
  return { from: midnight(year), to: midnight(year + 1) };
}

/** Whether two instants fall on the same day of the club's calendar. */
export function sameClubDay(a: Date, b: Date, zone: string): boolean {
  const x = wallClockOf(a, zone);
  const y = wallClockOf(b, zone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

function clockText(wall: WallClock): string {
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  return `${hour12}:${pad(wall.minute)} ${wall.hour < 12 ? "AM" : "PM"}`;
}

const weekdayOf = (wall: WallClock) => WEEKDAYS[new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay()]!;

/** 'Tue, Mar 10, 2026, 7:00 PM': a meeting's date and time in lists. */
export function formatMeetingDateTime(instant: Date | string, zone: string): string {
  const wall = wallClockOf(new Date(instant), zone);
  return `${weekdayOf(wall).slice(0, 3)}, ${MONTHS[wall.month - 1]!.slice(0, 3)} ${wall.day}, ${wall.year}, ${clockText(wall)}`;
}

/** 'Tuesday, March 10, 2026': a meeting's date on its own page. */
export function formatMeetingDate(instant: Date | string, zone: string): string {
  const wall = wallClockOf(new Date(instant), zone);
  return `${weekdayOf(wall)}, ${MONTHS[wall.month - 1]} ${wall.day}, ${wall.year}`;
}

/** '7:00 PM' on the club's clock. */
export function formatMeetingTime(instant: Date | string, zone: string): string {
  return clockText(wallClockOf(new Date(instant), zone));
}

/** The zone as people read it: 'America/Los_Angeles' becomes 'America/Los Angeles'. */
export function timeZoneLabel(zone: string): string {
  return zone.replace(/_/g, " ");
}
