// The meeting's countdown for the photo on screen, in the
// viewer's panel and on the presenter's screen: the timer this browser keeps for
// the meeting (set up on the meeting page, meeting-timer.tsx), read again whenever
// another window of this browser changes it (the storage event), so a host who
// sets it up in the meeting's tab sees it at once; or, following the review's
// leader, the leader's own timer (it came with the leader's
// view, so a follower counts down with the host instead of showing 'No timer
// set'). The photo's m:ss from 2 seconds after it opened (the leader's opening
// when following), negative and marked expired once past, and the time per
// photo recalculated every second. The arithmetic is app/lib/meeting-timer.ts's.
import { useEffect, useState, type ReactNode } from "react";
import { photoCountdown, timerStorageKey, type MeetingTimer } from "~/lib/meeting-timer";
import type { FollowedTimer } from "~/realtime/browser/review-book";
import { readTimer } from "./meeting-timer";

/**
 * The meeting timer this browser keeps, as a leader sends it: its end (epoch
 * ms) and the photos left; else null. `read`: the browser's storage was read
 * (until then `timer` is null whatever it keeps).
 */
export function useKeptTimer(
  meetingId: number | null,
  timeZone: string,
  photosLeft: number,
): { timer: FollowedTimer | null; read: boolean } {
  const [timer, setTimer] = useState<MeetingTimer | null | undefined>(undefined);
  useEffect(() => {
    if (meetingId === null) {
      setTimer(null);
      return;
    }
    const read = () => setTimer(readTimer(meetingId, timeZone));
    read();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === timerStorageKey(meetingId)) read();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [meetingId, timeZone]);
  const endsAt = timer?.endAt ? Date.parse(timer.endAt) : null;
  return { timer: endsAt === null || photosLeft < 1 ? null : { endsAt, photosLeft }, read: timer !== undefined };
}

export function PhotoCountdown({
  meetingId,
  timeZone,
  photosLeft,
  openedAt,
  led = null,
  place,
  whenOff = null,
}: {
  meetingId: number;
  timeZone: string;
  /** The photos still to review, the one on screen included. */
  photosLeft: number;
  /** When the photo's countdown started (the leader's opening of it when following). */
  openedAt: number;
  /** The leader's timer, when following the leader on this photo and the leader has one: it is the one shown. */
  led?: FollowedTimer | null;
  /** Where it is shown: its classes and test ids start with it (viewer-countdown, presenter-countdown). */
  place: "viewer" | "presenter";
  /** What shows while no timer is set. */
  whenOff?: ReactNode;
}) {
  const kept = useKeptTimer(meetingId, timeZone, photosLeft).timer;
  const timer = led ?? kept;
  const endsAt = timer?.endsAt ?? null;

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [endsAt, openedAt]);

  const shown =
    timer &&
    photoCountdown(
      { startAt: new Date(openedAt).toISOString(), endAt: new Date(timer.endsAt).toISOString() },
      new Date(openedAt),
      new Date(now),
      timer.photosLeft,
    );
  if (!shown) return whenOff;
  const { countdown, ticking, perPhoto } = shown;
  return (
    <p className={`${place}-timer${countdown.expired ? " expired" : ""}${ticking ? "" : " waiting"}`}>
      <span className={`${place}-countdown`} data-testid={`${place}-countdown`} aria-live="off">
        {countdown.text}
      </span>
      {countdown.expired ? <span className={`${place}-expired`}>Expired</span> : null}
      <span className={`${place}-per-photo`} data-testid={`${place}-time-per-photo`}>
        {perPhoto}
      </span>
    </p>
  );
}
