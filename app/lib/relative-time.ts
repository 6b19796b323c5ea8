// How long ago something happened, in the words the comments list uses
// ('5 minutes ago', 'yesterday'); after a week, the date itself.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * `then` relative to `now`. Elapsed time decides, not the calendar: a comment
 * from 23:00 read at 08:00 is '9 hours ago'. A time slightly in the future (a
 * clock a little ahead of the server's) is 'just now'. Give `timeZone` where
 * server and browser must agree on the date (server rendering).
 */
export function relativeTime(then: Date | string, now: Date = new Date(), timeZone?: string): string {
  const instant = typeof then === "string" ? new Date(then) : then;
  const elapsed = now.getTime() - instant.getTime();
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return count(Math.floor(elapsed / MINUTE), "a minute", "minutes");
  if (elapsed < DAY) return count(Math.floor(elapsed / HOUR), "an hour", "hours");
  if (elapsed < 2 * DAY) return "yesterday";
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)} days ago`;
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone }).format(
    instant,
  );
}

function count(n: number, one: string, many: string) {
  return n === 1 ? `${one} ago` : `${n} ${many} ago`;
}
