// The presenter's screen's photo (issue 26, item 2): it follows the meeting's
// review room, so a host drives it from another window (the full-screen viewer,
// leading the review) and shares only this one. It joins the room as any member's
// window does and never takes the lead itself:
// - each view the leader sends takes it to the leader's photo (whoever leads,
//   the presenting member in another window included);
// - a key moves it on its own until the leader's next view; when the member
//   presenting holds the lead, the key's move is also sent to the room, so the
//   others' viewers follow it as they follow the host's viewer.
// What a key does and the position line are in presenter-steps.ts.
import { useCallback, useEffect, useRef, useState } from "react";
import { INITIAL_VIEW } from "~/lib/viewer-geometry";
import { useReviewLead } from "~/realtime/use-review-lead";
import { timerStartOf } from "../viewer/follow-lead";
import { stepIndex, stepOfKey, type PresenterSlide, type PresenterStep } from "./presenter-steps";

export function usePresenter(meetingId: number, slides: PresenterSlide[]) {
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
      const to = slides[stepIndex(index, slides.length, step)];
      if (!to) return;
      show(to.id);
      // The member presenting leads (from this window or another of theirs): the room moves too.
      if (amLeader) publishView({ photoId: to.id, zoom: 1, centerX: 0.5, centerY: 0.5, timerElapsedMs: 0 });
    },
    [slides, index, show, amLeader, publishView],
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
  return {
    lead,
    slide,
    index,
    move,
    /** The leader's zoom and centre on the leader's photo; the whole photo on any other. */
    view: following ? { zoom: following.zoom, centerX: following.centerX, centerY: following.centerY } : INITIAL_VIEW,
    /** When this photo's countdown started: the leader's opening of it when on the leader's photo. */
    timerStart: slide ? timerStartOf(following, slide.id, shown.openedAt) : shown.openedAt,
  };
}
