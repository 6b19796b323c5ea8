// The presenter's screen's photo: it follows the meeting's
// review room, so a host drives it from another window (the full-screen viewer,
// leading the review) and shares only this one. It joins the room as any member's
// window does and never takes the lead itself:
// - each view the leader sends takes it to the leader's photo (whoever leads,
//   the presenting member in another window included);
// - a key moves it on its own until the leader's next view; when the member
//   presenting holds the lead, the key's move is also sent to the room, so the
//   others' viewers follow it, and so does the presenting member's own viewer
//   (the host's screen and viewer are one lead);
// - the countdown is the leader's: their timer came with their view (a leading
//   screen sends the timer its browser keeps).
// What a key does and the position line are in presenter-steps.ts.
import { useCallback, useEffect, useRef, useState } from "react";
import { INITIAL_VIEW } from "~/lib/viewer-geometry";
import { useReviewLead } from "~/realtime/browser/use-review-lead";
import { useKeptTimer } from "../meetings/photo-countdown";
import { timerStartOf } from "../viewer/follow-lead";
import { stepIndex, stepOfKey, type PresenterSlide, type PresenterStep } from "./presenter-steps";

export function usePresenter(meetingId: number, timeZone: string, slides: PresenterSlide[]) {
  const lead = useReviewLead(meetingId);
  // The photo on screen and when it came (this browser's clock): the timer counts from it unless following.
  const [shown, setShown] = useState(() => ({ photoId: slides[0]?.id ?? 0, openedAt: Date.now() }));
  const show = useCallback((photoId: number) => {
    setShown((current) => (current.photoId === photoId ? current : { photoId, openedAt: Date.now() }));
  }, []);
  // Data loaded again (names revealed) keeps the photo on screen; one gone from the meeting falls back to the first.
  const found = slides.findIndex((slide) => slide.id === shown.photoId);
  const index = Math.max(0, found);
  const slide = slides[index] ?? null;
  const kept = useKeptTimer(meetingId, timeZone, slides.length - index);
  const endsAt = kept.timer?.endsAt ?? null;

  const known = useRef(slides);
  known.current = slides;
  const { leaderView } = lead;
  useEffect(() => {
    // A photo submitted since the screen loaded is not among its slides: it stays where it is.
    if (leaderView && known.current.some((s) => s.id === leaderView.photoId)) show(leaderView.photoId);
  }, [leaderView, show]);

  const { amLeader, publishView } = lead;
  const move = useCallback(
    (step: PresenterStep) => {
      const toIndex = stepIndex(index, slides.length, step);
      const to = slides[toIndex];
      if (!to) return;
      show(to.id);
      // The member presenting leads (from this window or another of theirs): the room moves too.
      if (amLeader)
        publishView({
          photoId: to.id,
          zoom: 1,
          centerX: 0.5,
          centerY: 0.5,
          timerElapsedMs: 0,
          timer:
            endsAt === null ? null : { leftMs: Math.round(endsAt - Date.now()), photosLeft: slides.length - toIndex },
        });
    },
    [slides, index, show, amLeader, publishView, endsAt],
  );

  const latestMove = useRef(move);
  latestMove.current = move;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const step = stepOfKey(event);
      if (!step || event.defaultPrevented) return;
      event.preventDefault();
      latestMove.current(step);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const following = leaderView && leaderView.photoId === slide?.id ? leaderView : null;
  const view = following
    ? { zoom: following.zoom, centerX: following.centerX, centerY: following.centerY }
    : INITIAL_VIEW;
  const timerStart = slide ? timerStartOf(following, slide.id, shown.openedAt) : shown.openedAt;
  useTimerSent(amLeader, kept.read ? endsAt : undefined, () => {
    if (!slide) return;
    const left = slides.length - index;
    publishView({
      photoId: slide.id,
      ...view,
      timerElapsedMs: Math.max(0, Date.now() - timerStart),
      timer: endsAt === null ? null : { leftMs: Math.round(endsAt - Date.now()), photosLeft: left },
    });
  });

  return {
    lead,
    slide,
    index,
    move,
    /** The leader's zoom and centre on the leader's photo; the whole photo on any other. */
    view,
    /** When this photo's countdown started: the leader's opening of it when on the leader's photo. */
    timerStart,
    /** The leader's timer, when on the leader's photo and the leader keeps one (the countdown shows it). */
    ledTimer: following?.timer ?? null,
  };
}

/**
 * A screen that leads on its own (no viewer of the host open) tells the room
 * when its browser's timer is set up, moved or cancelled, not only at the next
 * photo (`endsAt` is undefined until the browser's storage is read). Never
 * when it opens: it would pull the lead to the photo it opened on.
 */
function useTimerSent(amLeader: boolean, endsAt: number | null | undefined, send: () => void) {
  const before = useRef(endsAt);
  const latestSend = useRef(send);
  latestSend.current = send;
  useEffect(() => {
    if (before.current === endsAt) return;
    const first = before.current === undefined;
    before.current = endsAt;
    if (amLeader && !first) latestSend.current();
  }, [amLeader, endsAt]);
}
