// Following the review's leader in the full-screen viewer,
// apart from React so it can be tested on its own: where the leader's view
// takes a follower, and when the meeting's timer started for the photo shown.
import type { FollowedView } from "~/realtime/browser/review-book";
import type { View } from "~/lib/viewer-geometry";

/** What a follower does with the leader's view: go to the leader's photo first, then take its zoom and centre. */
export function followStep(leaderView: FollowedView, photoId: number): { goTo: number } | { view: View } {
  if (leaderView.photoId !== photoId) return { goTo: leaderView.photoId };
  return { view: { zoom: leaderView.zoom, centerX: leaderView.centerX, centerY: leaderView.centerY } };
}

/**
 * When the timer for this photo started: the leader's opening of it, when
 * followed on the same photo (so every follower counts down together), else
 * this viewer's own opening.
 */
export function timerStartOf(leaderView: FollowedView | null, photoId: number, openedAt: number): number {
  return leaderView?.photoId === photoId && leaderView.timerStartedAt ? leaderView.timerStartedAt : openedAt;
}

/**
 * What a leader's viewer does with the latest view another window of the same
 * member sent (the presenter's screen's arrows; the host's
 * screen and viewer are one lead): nothing once taken, else go to its photo,
 * then take its zoom and centre. A viewer on its way publishes nothing, so it
 * never sends the lead back to the photo it passes through.
 */
export function ownLeadStep(
  incoming: FollowedView | null,
  taken: FollowedView | null,
  photoId: number,
): { goTo: number } | { take: FollowedView; view: View } | null {
  if (!incoming || incoming === taken) return null;
  const step = followStep(incoming, photoId);
  return "goTo" in step ? step : { take: incoming, view: step.view };
}

/** What a leader's window shows, as one value: a view equal to what the lead shows already is not sent again. */
export function leadKey(photoId: number, view: View, timerEndsAt: number | null, photosLeft: number | null): string {
  return [photoId, view.zoom, view.centerX, view.centerY, timerEndsAt, photosLeft].join("|");
}
