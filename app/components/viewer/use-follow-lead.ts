// Following the leader in a meeting's review (issue 13 item 5): the leader's
// view is published on every change, a follower moves with it (to the leader's
// photo, then to its zoom and centre), and a follower who moves on their own
// stops following and is offered 'Catch up'. Where the view takes a follower
// is worked out in follow-lead.ts; the room itself is useReviewLead's.
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { View } from "~/lib/viewer-geometry";
import { useReviewLead } from "~/realtime/use-review-lead";
import { followStep, timerStartOf } from "./follow-lead";
import type { ViewerMeeting } from "./viewer-props";

export function useFollowLead({
  meetingId,
  photoHref: hrefOfPhoto,
  photoId,
  shown,
  openedAt,
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
  setView: (view: View) => void;
}) {
  const navigate = useNavigate();
  const lead = useReviewLead(meetingId);
  const [strayed, setStrayed] = useState(false);
  const leaderView = lead.following ? lead.leaderView : null;

  // The leader's view goes out as its numbers change (publishView is the same function throughout).
  const { amLeader, publishView } = lead;
  const { zoom, centerX, centerY } = shown;
  useEffect(() => {
    if (!amLeader) return;
    publishView({ photoId, zoom, centerX, centerY, timerElapsedMs: Math.max(0, Date.now() - openedAt) });
  }, [amLeader, publishView, photoId, zoom, centerX, centerY, openedAt]);

  const photoHref = useRef(hrefOfPhoto);
  photoHref.current = hrefOfPhoto;
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

  return { lead, strayed, ownMove, timerStart: timerStartOf(leaderView, photoId, openedAt) };
}
