import { useSyncExternalStore } from "react";
import { relativeTime } from "~/lib/relative-time";

// One clock for every time on the page, ticking twice a minute, so '5 minutes
// ago' keeps up without each comment running its own timer.
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, TICK_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The browser's time; null on the server and while hydrating. */
function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => null,
  );
}

function exactTime(iso: string, timeZone?: string) {
  const text = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "short", timeZone }).format(
    new Date(iso),
  );
  return timeZone ? `${text} UTC` : text;
}

/**
 * How long ago ('5 minutes ago', 'yesterday'), with the exact time on hover
 * and for machines. The server writes it with its own clock in UTC; the browser
 * rewrites it with its own clock and zone once running (hence the suppressed
 * hydration warning: the two may differ by a minute).
 */
export function RelativeTime({ iso }: { iso: string }) {
  const browserNow = useNow();
  const zone = browserNow === null ? "UTC" : undefined;
  return (
    <time dateTime={iso} title={exactTime(iso, zone)} suppressHydrationWarning>
      {relativeTime(iso, new Date(browserNow ?? Date.now()), zone)}
    </time>
  );
}
