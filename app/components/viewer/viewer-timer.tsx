// The meeting's countdown in the viewer (spec sections 4 and 9): the timer this
// browser keeps for the meeting (set up on the meeting view), the photo's m:ss
// from 2 seconds after it opened (the leader's opening when following),
// negative and marked expired once past, and the time per photo recalculated
// every second.
import { useEffect, useState } from "react";
import { photoCountdown } from "~/lib/meeting-timer";
import { readTimer } from "../meetings/meeting-timer";

export function ViewerTimer({
  meetingId,
  timeZone,
  photosLeft,
  openedAt,
}: {
  meetingId: number;
  timeZone: string;
  photosLeft: number;
  openedAt: number;
}) {
  const [now, setNow] = useState(() => Date.now());
  const [timer] = useState(() => readTimer(meetingId, timeZone));
  useEffect(() => {
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [openedAt]);
  const shown = photoCountdown(timer, new Date(openedAt), new Date(now), photosLeft);
  if (!shown) return <p className="viewer-timer off muted">No timer set</p>;
  const { countdown, ticking, perPhoto } = shown;
  return (
    <p className={`viewer-timer${countdown.expired ? " expired" : ""}${ticking ? "" : " waiting"}`}>
      <span className="viewer-countdown" data-testid="viewer-countdown" aria-live="off">
        {countdown.text}
      </span>
      {countdown.expired ? <span className="viewer-expired">Expired</span> : null}
      <span className="muted" data-testid="viewer-time-per-photo">
        {perPhoto}
      </span>
    </p>
  );
}
