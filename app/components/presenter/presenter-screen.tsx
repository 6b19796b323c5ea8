// The presenter's screen (/meetings/{id}/present): the one
// window a host shares on the call or sends to the projector. The photo on
// black, as large as the screen allows (the image the screen needs: a
// 1920x1080 share asks for the 1,920 px copy), and in large type only what the
// call needs: the position ('3 / 12'), the caption, the author ('Anonymous'
// until an anonymous meeting is revealed) and, while the timer runs, the
// countdown and the time per photo (the leader's, as the followers see it);
// over the photo, the members' pointers and crops live. The controls
// (previous, next, full screen, back to the meeting, who leads) show only while
// the pointer moves or they hold the focus. Which photo it shows is use-presenter's.
import { useCallback, useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import { useHydrated } from "~/components/use-hydrated";
import { presenterImageAttributes } from "~/lib/photo-images";
import { PresenterPhoto, STAGE_VH } from "./presenter-photo";
import { PhotoCountdown } from "../meetings/photo-countdown";
import { positionText, type PresenterSlide } from "./presenter-steps";
import { useLiveLayer } from "~/realtime/browser/use-live-layer";
import { EntryLine, EntryReveal, RevealControls } from "./entry-reveal";
import { usePresenter } from "./use-presenter";
import "./presenter.css";

export function PresenterScreen({
  meeting,
  title,
  timeZone,
  slides,
  competition,
}: {
  meeting: { id: number };
  title: string;
  timeZone: string;
  slides: PresenterSlide[];
  /** A competition's night: whether this member (an admin) may show the entries' comments and results. */
  competition: { mayShowResults: boolean } | null;
}) {
  const presenter = usePresenter(meeting.id, timeZone, slides);
  const { slide, index, move, lead } = presenter;
  // The members' pointers and crops on the photo shown, as their viewers get them (only watching).
  const live = useLiveLayer(slide?.id ?? null, { screen: true });
  const controls = useControlsReveal();
  // The keys listen from here on ('hydrated' tells a browser test so, as the navbar's does elsewhere).
  const hydrated = useHydrated();
  const fullScreen = useFullScreen();
  const next = slides[index + 1];
  const shown = slide ? lead.shownEntries[slide.id] : undefined;
  // The next photo is on its way before the host moves (the same choice of width as the one shown).
  if (next?.largeUrl) {
    const { srcSet, sizes } = presenterImageAttributes(next, STAGE_VH);
    preload(next.largeUrl, { as: "image", imageSrcSet: srcSet, imageSizes: sizes });
  }

  return (
    <main
      className={`presenter${controls.shown ? " controls-shown" : ""}${hydrated ? " hydrated" : ""}`}
      onPointerMove={controls.reveal}
    >
      <PageTitle>{`Presenting ${title}`}</PageTitle>
      <h1 className="visually-hidden">{title}</h1>
      {slide ? (
        <>
          <PresenterPhoto
            slide={slide}
            alt={slideLabel(slide, index, slides.length)}
            view={presenter.view}
            marks={{ pointers: live.pointers, crops: live.crops }}
          />
          <EntryReveal shown={shown} />
          <div className="presenter-line">
            <div className="presenter-about" aria-live="polite" aria-atomic="true">
              <p className="visually-hidden">{`Photo ${index + 1} of ${slides.length}`}</p>
              {slide.entry ? <EntryLine entry={slide.entry} /> : null}
              {slide.caption ? <p className="presenter-caption">{slide.caption}</p> : null}
              {slide.entry ? null : (
                <p className="presenter-author" data-testid="presenter-author">
                  {slide.author ?? "Anonymous"}
                </p>
              )}
            </div>
            <div className="presenter-side">
              <PhotoCountdown
                place="presenter"
                meetingId={meeting.id}
                timeZone={timeZone}
                photosLeft={slides.length - index}
                openedAt={presenter.timerStart}
                led={presenter.ledTimer}
              />
              <p className="presenter-position" data-testid="presenter-position" aria-hidden="true">
                {positionText(index, slides.length)}
              </p>
            </div>
          </div>
        </>
      ) : (
        <p className="presenter-empty">No photos have been submitted to this meeting yet.</p>
      )}
      <nav className="presenter-controls" aria-label="Presenter controls">
        <button type="button" onClick={() => move("previous")} disabled={index === 0}>
          Previous
        </button>
        <button type="button" onClick={() => move("next")} disabled={index >= slides.length - 1}>
          Next
        </button>
        {competition?.mayShowResults && slide ? (
          <RevealControls slide={slide} shown={shown} showEntry={lead.showEntry} />
        ) : null}
        <button type="button" onClick={toggleFullScreen}>
          {fullScreen ? "Leave full screen" : "Full screen"}
        </button>
        <Link to={`/meetings/${meeting.id}`}>Back to the meeting</Link>
        <p className="presenter-status" role="status">
          {leadText(lead)}
        </p>
      </nav>
    </main>
  );
}

function slideLabel(slide: PresenterSlide, index: number, count: number): string {
  return slide.caption || `Photo ${index + 1} of ${count}`;
}

/** Who moves the screen, in words for the controls (never on the shared picture unless the pointer moves). */
function leadText(lead: ReturnType<typeof usePresenter>["lead"]): string {
  if (lead.status === "offline") return "Offline: the screen follows the lead again once the connection is back.";
  if (lead.amLeader) return "You lead the review: the arrows move everyone.";
  if (lead.leader) return `Following ${lead.leader.firstName}.`;
  return "Nobody leads the review: the arrows move this screen.";
}

function toggleFullScreen() {
  if (document.fullscreenElement) {
    void document.exitFullscreen().catch(() => undefined);
    return;
  }
  document.documentElement.requestFullscreen?.({ navigationUI: "hide" }).catch(() => {
    // Refused (an iframe, a phone): the screen already fills the window.
  });
}

/** Whether the browser shows the page full screen (the button says what it will do). */
function useFullScreen() {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const update = () => setOn(!!document.fullscreenElement);
    update();
    document.addEventListener("fullscreenchange", update);
    return () => document.removeEventListener("fullscreenchange", update);
  }, []);
  return on;
}

/** The controls show while the pointer moves over the screen, and for 2.5 s after it stops. */
function useControlsReveal() {
  const [shown, setShown] = useState(false);
  const timeout = useRef<number | undefined>(undefined);
  const reveal = useCallback(() => {
    setShown(true);
    window.clearTimeout(timeout.current);
    timeout.current = window.setTimeout(() => setShown(false), 2500);
  }, []);
  useEffect(() => () => window.clearTimeout(timeout.current), []);
  return { shown, reveal };
}
