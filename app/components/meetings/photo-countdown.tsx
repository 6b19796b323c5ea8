// The meeting's countdown for the photo on screen (spec sections 4 and 9), in the
// viewer's panel and on the presenter's screen: the timer this browser keeps for
// the meeting (set up on the meeting page, meeting-timer.tsx), read again whenever
// another window of this browser changes it (the storage event), so a host who
// sets it up in the meeting's tab sees it at once; the photo's m:ss from 2 seconds
// after it opened (the leader's opening when following), negative and marked
// expired once past, and the time per photo recalculated every second. The
// arithmetic is app/lib/meeting-timer.ts's.
import { useEffect, useState, type ReactNode } from "react";
import { photoCountdown, timerStorageKey, type MeetingTimer } from "~/lib/meeting-timer";
import { readTimer } from "./meeting-timer";

export function PhotoCountdown({
  meetingId,
  timeZone,
  photosLeft,
  openedAt,
  place,
  whenOff = null,
}: {
  meetingId: number;
  timeZone: string;
  /** The photos still to review, the one on screen included. */
  photosLeft: number;
  /** When the photo's countdown started (the leader's opening of it when following). */
  openedAt: number;
  /** Where it is shown: its classes and test ids start with it (viewer-countdown, presenter-countdown). */
  place: "viewer" | "presenter";
  /** What shows while no timer is set. */
  whenOff?: ReactNode;
}) {
  const [timer, setTimer] = useState<MeetingTimer | null>(null);
  useEffect(() => {
    const read = () => setTimer(readTimer(meetingId, timeZone));
    read();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === timerStorageKey(meetingId)) read();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [meetingId, timeZone]);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!timer) return;
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [timer, openedAt]);

  const shown = photoCountdown(timer, new Date(openedAt), new Date(now), photosLeft);
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
