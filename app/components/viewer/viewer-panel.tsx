// The viewer's bottom panel: what the photo is and who
// took it, the rating for members; the meeting's timer, who else is viewing and
// the review's controls; previous/next, the zoom and Exit.
import { ZOOM_STEP } from "~/lib/viewer-geometry";
import type { Viewer } from "~/lib/realtime-events";
import type { FollowedTimer } from "~/realtime/browser/review-book";
import type { ReviewLead } from "~/realtime/browser/use-review-lead";
import { ReviewControls } from "./review-controls";
import type { ViewerMeeting, ViewerPhoto } from "./viewer-props";
import { PhotoCountdown } from "../meetings/photo-countdown";

export function ViewerPanel({
  photo,
  title,
  rating,
  meeting,
  timerStart,
  ledTimer,
  viewers,
  review,
  zoom,
  previous,
  next,
  go,
  zoomBy,
  exit,
  panelEvents,
}: {
  photo: ViewerPhoto;
  title: string;
  rating: React.ReactNode;
  meeting: ViewerMeeting | null;
  timerStart: number;
  /** The leader's timer while following the leader on this photo (the countdown shows it). */
  ledTimer: FollowedTimer | null;
  /** Who is looking at the photo live (members only; empty for a visitor). */
  viewers: Viewer[];
  /** The review's lead, for a member in a meeting (selfId: that member). */
  review: { lead: ReviewLead; strayed: boolean; selfId: number } | null;
  zoom: number;
  previous: string | null;
  next: string | null;
  go: (to: string | null) => void;
  zoomBy: (factor: number) => void;
  exit: () => void;
  panelEvents: { onPointerEnter: () => void; onPointerLeave: () => void };
}) {
  const names = viewers.map((viewer) => viewer.firstName).join(", ");
  return (
    <section className="viewer-panel" aria-label="Photo panel" {...panelEvents}>
      <div className="viewer-panel-about">
        <h2>{title}</h2>
        <p className="muted">
          {photo.User ? `by ${photo.User.firstName} ${photo.User.lastName}` : "by the author (names hidden)"}
        </p>
        {rating}
      </div>
      <div className="viewer-panel-live">
        {meeting ? (
          <PhotoCountdown
            place="viewer"
            meetingId={meeting.id}
            timeZone={meeting.timeZone}
            photosLeft={meeting.photosLeft}
            openedAt={timerStart}
            led={ledTimer}
            whenOff={<p className="viewer-timer off muted">No timer set</p>}
          />
        ) : null}
        {viewers.length ? (
          <p className="viewer-viewing" title={names}>
            <strong>{viewers.length} viewing</strong> <span className="muted">{names}</span>
          </p>
        ) : null}
        {review ? <ReviewControls lead={review.lead} strayed={review.strayed} selfId={review.selfId} /> : null}
      </div>
      <nav className="viewer-panel-nav" aria-label="Full screen">
        <button type="button" className="button" disabled={!previous} onClick={() => go(previous)}>
          ← Previous
        </button>
        <button type="button" className="button" disabled={!next} onClick={() => go(next)}>
          Next →
        </button>
        <button type="button" className="button" onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label="Zoom out">
          −
        </button>
        <span className="viewer-zoom" aria-live="off">
          {zoom.toFixed(1)}×
        </span>
        <button type="button" className="button" onClick={() => zoomBy(ZOOM_STEP)} aria-label="Zoom in">
          +
        </button>
        <button type="button" className="button primary" onClick={exit}>
          Exit full screen
        </button>
      </nav>
    </section>
  );
}
