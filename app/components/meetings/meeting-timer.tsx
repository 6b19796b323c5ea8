// The meeting's timer, kept in this browser per meeting
// (localStorage) so a reload does not lose it; the arithmetic is in
// app/lib/meeting-timer.ts. Off by default; it shows once the page's
// JavaScript runs, since it lives in the browser only.
import { useCallback, useEffect, useId, useState } from "react";
import { formatMeetingTime } from "~/lib/club-time";
import {
  changeTimerEnd,
  perPhotoText,
  reviveTimer,
  secondsPerPhoto,
  setUpTimer,
  timerEndInput,
  timerStorageKey,
  type MeetingTimer,
} from "~/lib/meeting-timer";
import { StandIn } from "../stand-in";
import { useHydrated } from "../use-hydrated";

export function readTimer(meetingId: number, zone: string): MeetingTimer | null {
  try {
    const saved = window.localStorage.getItem(timerStorageKey(meetingId));
    return reviveTimer(saved ? JSON.parse(saved) : null, new Date(), zone);
  } catch {
    return null;
  }
}

function writeTimer(meetingId: number, timer: MeetingTimer | null) {
  try {
    if (timer) window.localStorage.setItem(timerStorageKey(meetingId), JSON.stringify(timer));
    else window.localStorage.removeItem(timerStorageKey(meetingId));
  } catch {
    // A browser that keeps nothing (private mode, storage full) still runs the timer until the page goes.
  }
}

/** The meeting's timer as kept in this browser, and the current time, ticking every second while it runs. */
function useMeetingTimer(meetingId: number, zone: string) {
  const [timer, setTimer] = useState<MeetingTimer | null>(null);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const revived = readTimer(meetingId, zone);
    // An end that was not today was cleared on reading: keep it cleared.
    writeTimer(meetingId, revived);
    setTimer(revived);
  }, [meetingId, zone]);
  useEffect(() => {
    if (!timer) return;
    setNow(new Date());
    const tick = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(tick);
  }, [timer]);
  const save = useCallback(
    (next: MeetingTimer | null) => {
      writeTimer(meetingId, next);
      setTimer(next);
    },
    [meetingId],
  );
  return { timer, now, save };
}

/**
 * 'Set up Timer', then 'End at' (never before the start), the time each photo
 * still gets ('2.5 min/ph', '45 sec/ph'), recalculated every second, and Cancel.
 * `photosLeft` counts the photos still to review, the one open included.
 */
export function MeetingTimerPanel({
  meetingId,
  timeZone,
  photosLeft,
}: {
  meetingId: number;
  timeZone: string;
  photosLeft: number;
}) {
  const hydrated = useHydrated();
  const { timer, now, save } = useMeetingTimer(meetingId, timeZone);
  const [refused, setRefused] = useState(false);
  const inputId = useId();
  const errorId = useId();
  // The timer needs JavaScript; until the page runs, its button's place is kept (on a phone the
  // row of controls wrapped and pushed the photos down when it appeared).
  if (!hydrated)
    return (
      <div className="meeting-timer off">
        <StandIn className="button">Set up Timer</StandIn>
      </div>
    );

  if (!timer) {
    return (
      <div className="meeting-timer off">
        <button type="button" className="button" onClick={() => save(setUpTimer(new Date(), timeZone))}>
          Set up Timer
        </button>
      </div>
    );
  }

  const end = timerEndInput(timer, timeZone);
  const perPhoto = secondsPerPhoto(timer, now, photosLeft);
  return (
    <div className="meeting-timer on" role="group" aria-label="Timer">
      <div className="field timer-end">
        <label htmlFor={inputId}>End at</label>
        <input
          id={inputId}
          type="datetime-local"
          value={end.value}
          min={end.min}
          aria-invalid={refused || undefined}
          aria-describedby={refused ? errorId : undefined}
          className={refused ? "invalid" : undefined}
          onChange={(event) => {
            const changed = changeTimerEnd(timer, event.currentTarget.value, timeZone);
            setRefused(changed === null);
            if (changed) save(changed);
          }}
        />
      </div>
      <p className="timer-readout" aria-live="off">
        <span className="timer-per-photo" data-testid="time-per-photo">
          {perPhoto === null ? "—" : perPhotoText(perPhoto)}
        </span>
        <span className="muted timer-note">
          {timer.endAt === null
            ? "Choose when the review ends."
            : `${photosLeft} ${photosLeft === 1 ? "photo" : "photos"} left · started ${formatMeetingTime(timer.startAt, timeZone)}`}
        </span>
      </p>
      <button
        type="button"
        className="button small"
        onClick={() => {
          setRefused(false);
          save(null);
        }}
      >
        Cancel
      </button>
      {refused ? (
        <p className="field-errors timer-error" id={errorId} role="alert">
          The end must not be before the start ({formatMeetingTime(timer.startAt, timeZone)}).
        </p>
      ) : null}
    </div>
  );
}
