// Following the leader in a meeting's review: the leader's
// view is published on every change, a follower moves with it (to the leader's
// photo, then to its zoom and centre), and a follower who moves on their own
// stops following and is offered 'Catch up'. Where the view takes a follower
// is worked out in follow-lead.ts; the room itself is useReviewLead's.
//
// The leader's windows are one lead: a move made in another
// window of theirs (the presenter's screen) takes this viewer along, and what
// it took is not sent back, so a zoom here never pulls the others back to an
// older photo. The leader's view carries their meeting timer, which followers count with.
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { View } from "~/lib/viewer-geometry";
import type { FollowedTimer, FollowedView } from "~/realtime/browser/review-book";
import { useReviewLead } from "~/realtime/browser/use-review-lead";
import { followStep, leadKey, ownLeadStep, timerStartOf } from "./follow-lead";
import type { ViewerMeeting } from "./viewer-props";

export function useFollowLead({
  meetingId,
  photoHref: hrefOfPhoto,
  photoId,
  shown,
  openedAt,
  ownTimer,
  setView,
}: {
  /** The meeting under review, when a member (not a visitor) is looking; else there is no room. */
  meetingId: number | null;
  /** The full-screen address of another photo of the meeting. */
  photoHref: ViewerMeeting["photoHref"] | undefined;
  photoId: number;
  /** The view as shown, which the leader publishes. */
  shown: View;
  /** When this viewer opened the photo: the leader's timer counts from it. */
  openedAt: number;
  /** The meeting timer this browser keeps (its end and the photos left), which a leader sends with the view. */
  ownTimer: FollowedTimer | null;
  setView: (view: View) => void;
}) {
  const navigate = useNavigate();
  const lead = useReviewLead(meetingId);
  const [strayed, setStrayed] = useState(false);
  const leaderView = lead.following ? lead.leaderView : null;
  // The last move of another of the leader's windows that this one took, and what the lead shows now as far
  // as this window knows (what it took or sent last), so it sends only what is new.
  const [taken, setTaken] = useState<FollowedView | null>(null);
  const leadShows = useRef<string | null>(null);

  const photoHref = useRef(hrefOfPhoto);
  photoHref.current = hrefOfPhoto;

  // The leader's view goes out as its numbers change (publishView is the same function throughout), unless
  // another window of the lead moved: this one goes there first, and sends nothing it merely took.
  const { amLeader, publishView, ownWindowsView } = lead;
  const { zoom, centerX, centerY } = shown;
  const timerEndsAt = ownTimer?.endsAt ?? null;
  const timerPhotos = ownTimer?.photosLeft ?? null;
  useEffect(() => {
    if (!amLeader) {
      leadShows.current = null;
      if (taken) setTaken(null);
      return;
    }
    const step = photoHref.current ? ownLeadStep(ownWindowsView, taken, photoId) : null;
    if (step && "goTo" in step) {
      void navigate(photoHref.current!(step.goTo), { preventScrollReset: true });
      return;
    }
    if (step) {
      leadShows.current = leadKey(step.take.photoId, step.view, timerEndsAt, timerPhotos);
      setTaken(step.take);
      setView(step.view);
      return;
    }
    const key = leadKey(photoId, { zoom, centerX, centerY }, timerEndsAt, timerPhotos);
    if (key === leadShows.current) return;
    leadShows.current = key;
    const start = timerStartOf(taken, photoId, openedAt);
    publishView({
      photoId,
      zoom,
      centerX,
      centerY,
      timerElapsedMs: Math.max(0, Date.now() - start),
      timer:
        timerEndsAt === null || timerPhotos === null
          ? null
          : { leftMs: Math.round(timerEndsAt - Date.now()), photosLeft: timerPhotos },
    });
  }, [
    amLeader,
    publishView,
    ownWindowsView,
    taken,
    navigate,
    setView,
    photoId,
    zoom,
    centerX,
    centerY,
    openedAt,
    timerEndsAt,
    timerPhotos,
  ]);

  useEffect(() => {
    if (!leaderView || !photoHref.current) return;
    const step = followStep(leaderView, photoId);
    if ("goTo" in step) {
      void navigate(photoHref.current(step.goTo), { preventScrollReset: true });
      return;
    }
    setView(step.view);
    setStrayed(false);
  }, [leaderView, photoId, navigate, setView]);

  /** A person's own move: a follower stops following (and is offered 'Catch up'). */
  const ownMove = useCallback(() => {
    if (lead.following) {
      lead.unfollow();
      setStrayed(true);
    }
  }, [lead]);

  // The countdown of the photo shown: the lead's opening of it and, following, the leader's timer.
  const started = amLeader ? taken : leaderView;
  return {
    lead,
    strayed,
    ownMove,
    timerStart: timerStartOf(started, photoId, openedAt),
    ledTimer: leaderView?.photoId === photoId ? leaderView.timer : null,
  };
}
