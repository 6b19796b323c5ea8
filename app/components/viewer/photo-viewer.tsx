// The full-screen viewer (spec section 4, issue 13): the photo at its large
// size filling the screen, wheel and pinch zoom 1x..4x about the pointer, drag
// to pan when zoomed (never past the edges), a bottom panel that shows when the
// pointer comes within 10 px of the bottom, the keys (arrows, + - 0, Esc), and
// for members the live layer: their pointer and crops shared with the others
// looking at the photo, the others' drawn over it, and in a meeting the timer
// and following the leader. The arithmetic is in app/lib/viewer-geometry.ts.
//
// It is a modal layer over the page (rendered into <body>, the rest of the page
// made inert), so focus stays inside it and goes back where it was on exit.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useNavigate } from "react-router";
import { memberColour } from "~/lib/member-colour";
import {
  clampView,
  fractionAt,
  INITIAL_VIEW,
  layoutOf,
  onImage,
  panBy,
  pinchView,
  rectBetween,
  wheelZoom,
  ZOOM_STEP,
  zoomAbout,
  type Fraction,
  type FractionRect,
  type Point,
  type Size,
  type View,
} from "~/lib/viewer-geometry";
import type { Viewer } from "~/lib/realtime-events";
import { useLiveLayer } from "~/realtime/use-live-layer";
import { useReviewLead } from "~/realtime/use-review-lead";
import { leaveBrowserFullScreen } from "./full-screen";
import { Highlight, OwnCrop, RemoteCrops, RemotePointers } from "./live-marks";
import { CropCommentForm } from "~/components/comments/crop-comment-form";
import { ReviewControls } from "./review-controls";
import { ViewerTimer } from "./viewer-timer";
import "./viewer.css";

/** Spec section 9. */
export const PANEL_TRIGGER_PX = 10;
export const LOADER_HIDES_AFTER_MS = 500;
/** A press that moves less than this is a click (a crop's corner), more is a drag (a pan). */
const CLICK_SLOP_PX = 5;

export type ViewerMeeting = {
  id: number;
  timeZone: string;
  /** Photos still to review, the one on screen included (for the time per photo). */
  photosLeft: number;
  /** The full-screen address of another photo of the meeting (where following the leader goes). */
  photoHref: (photoId: number) => string;
};

export type ViewerPhoto = {
  id: number;
  caption: string | null;
  largeUrl: string | null;
  thumbUrl: string | null;
  User: { firstName: string; lastName: string; username: string };
};

export type CropActions = (crop: FractionRect, clear: () => void) => React.ReactNode;

export type PhotoViewerProps = {
  photo: ViewerPhoto;
  alt: string;
  /** Full-screen addresses of the neighbours in the list's order. */
  previous: string | null;
  next: string | null;
  /** Where Exit (and Esc) goes: the photo detail. */
  exitHref: string;
  /** The logged-in member (null for a visitor: no live layer at all). */
  member: Viewer | null;
  /** The rating control, for members. */
  rating?: React.ReactNode;
  /** The meeting the photo is reviewed in: its timer and following the leader. */
  meeting: ViewerMeeting | null;
  /** A rectangle to show on opening (image fractions), e.g. from `crop=x,y,w,h`. */
  highlight?: FractionRect | null;
  /** What is offered beside this member's crop once it is ended (e.g. 'Comment on this crop'). */
  cropActions?: CropActions;
};

/** A key press, from React or straight from the browser. */
type KeyPress = Pick<
  KeyboardEvent,
  "key" | "altKey" | "ctrlKey" | "metaKey" | "shiftKey" | "defaultPrevented" | "target" | "preventDefault"
>;

type OwnCropState = { start: Fraction; end: Fraction; done: boolean };

type Gesture =
  | { kind: "press"; pointerId: number; start: Point; view: View; moved: boolean; touch: boolean }
  | { kind: "pinch"; from: [Point, Point]; view: View };

function useElementSize(element: HTMLElement | null): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/** The rest of the page cannot be reached (focus, clicks, screen readers) while the viewer is open. */
function useModalLayer(host: HTMLElement) {
  useLayoutEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.appendChild(host);
    const made = [...document.body.children].filter(
      (child): child is HTMLElement => child !== host && child instanceof HTMLElement && !child.inert,
    );
    made.forEach((child) => (child.inert = true));
    document.documentElement.classList.add("viewer-open");
    return () => {
      made.forEach((child) => (child.inert = false));
      document.documentElement.classList.remove("viewer-open");
      host.remove();
      // Back where it was; the 'Full screen' control when the viewer was opened by its address.
      const target =
        returnTo?.isConnected && returnTo !== document.body ? returnTo : document.getElementById("photo-full-screen");
      target?.focus();
    };
  }, [host]);
}

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])";

export function PhotoViewer(props: PhotoViewerProps) {
  const [host] = useState(() => {
    const element = document.createElement("div");
    element.className = "viewer-host";
    return element;
  });
  useModalLayer(host);
  return createPortal(<ViewerLayer {...props} />, host);
}

function ViewerLayer({
  photo,
  alt,
  previous,
  next,
  exitHref,
  member,
  rating,
  meeting,
  highlight,
  cropActions,
}: PhotoViewerProps) {
  const navigate = useNavigate();
  // A member's ended crop offers 'Comment on this crop' unless the page offers something else.
  const offerOnCrop: CropActions | undefined =
    cropActions ??
    (member ? (rect, clear) => <CropCommentForm photoId={photo.id} crop={rect} onClose={clear} /> : undefined);
  const live = useLiveLayer(member ? photo.id : null);
  const lead = useReviewLead(meeting && member ? meeting.id : null);

  const root = useRef<HTMLDivElement>(null);
  const [stageElement, setStageElement] = useState<HTMLDivElement | null>(null);
  const stage = useElementSize(stageElement);
  const [image, setImage] = useState<Size | null>(null);
  const [view, setView] = useState<View>(INITIAL_VIEW);
  const [loaded, setLoaded] = useState(false);
  const [loaderShown, setLoaderShown] = useState(true);
  const [openedAt, setOpenedAt] = useState(() => Date.now());
  const [crop, setCrop] = useState<OwnCropState | null>(null);
  const [nearBottom, setNearBottom] = useState(false);
  const [overPanel, setOverPanel] = useState(false);
  const [coarse, setCoarse] = useState(false);
  const [strayed, setStrayed] = useState(false);
  const gesture = useRef<Gesture | null>(null);
  const touches = useRef(new Map<number, Point>());

  // A new photo (previous/next, or the leader moved): from the whole photo again, the loader, a fresh countdown.
  useLayoutEffect(() => {
    setView(INITIAL_VIEW);
    setImage(null);
    setLoaded(false);
    setLoaderShown(true);
    setOpenedAt(Date.now());
    setCrop(null);
  }, [photo.id]);

  // Spec section 9: the loader hides 500 ms after the image has loaded.
  useEffect(() => {
    if (!loaded) return;
    const hide = window.setTimeout(() => setLoaderShown(false), LOADER_HIDES_AFTER_MS);
    return () => window.clearTimeout(hide);
  }, [loaded]);

  useEffect(() => {
    const query = window.matchMedia("(pointer: coarse)");
    setCoarse(query.matches);
    const onChange = () => setCoarse(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    root.current?.focus();
  }, []);

  const layout = image && stage.width > 0 ? layoutOf(stage, image, view) : null;
  const latest = useRef({ view, stage, image, layout });
  latest.current = { view, stage, image, layout };

  // What the leader shows, published on every change; the timer's start is the leader's opening.
  const leaderView = lead.following ? lead.leaderView : null;
  const shownView = image && stage.width > 0 ? clampView(stage, image, view) : view;
  useEffect(() => {
    if (!lead.amLeader) return;
    lead.publishView({ photoId: photo.id, ...shownView, timerElapsedMs: Math.max(0, Date.now() - openedAt) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- publishView is the hook's; the view's numbers are what change
  }, [lead.amLeader, photo.id, shownView.zoom, shownView.centerX, shownView.centerY, openedAt]);

  // A follower moves with the leader: to the leader's photo, then to the leader's zoom and centre.
  const photoHref = useRef(meeting?.photoHref);
  photoHref.current = meeting?.photoHref;
  useEffect(() => {
    if (!leaderView || !photoHref.current) return;
    if (leaderView.photoId !== photo.id) {
      void navigate(photoHref.current(leaderView.photoId), { preventScrollReset: true });
      return;
    }
    setView({ zoom: leaderView.zoom, centerX: leaderView.centerX, centerY: leaderView.centerY });
    setStrayed(false);
  }, [leaderView, photo.id, navigate]);

  /** A person's own move: a follower stops following (and is offered 'Catch up'). */
  const ownMove = useCallback(() => {
    if (lead.following) {
      lead.unfollow();
      setStrayed(true);
    }
  }, [lead]);

  const changeView = useCallback(
    (next: View) => {
      ownMove();
      setView(next);
    },
    [ownMove],
  );

  // The crop as last drawn, for the callbacks that take it away (they must not wait for a render).
  const cropNow = useRef<OwnCropState | null>(null);
  cropNow.current = crop;
  const { sendCrop } = live;
  const cancelCrop = useCallback(() => {
    if (!cropNow.current) return;
    cropNow.current = null;
    setCrop(null);
    sendCrop({ phase: "cancel" });
  }, [sendCrop]);

  const exiting = useRef(false);
  const exit = useCallback(() => {
    if (exiting.current) return;
    exiting.current = true;
    cancelCrop();
    leaveBrowserFullScreen();
    void navigate(exitHref, { preventScrollReset: true });
  }, [cancelCrop, exitHref, navigate]);

  const go = useCallback(
    (to: string | null) => {
      if (!to) return;
      ownMove();
      cancelCrop();
      void navigate(to, { preventScrollReset: true });
    },
    [ownMove, cancelCrop, navigate],
  );

  // The browser's own Escape leaves its full screen without telling the page: the viewer follows, a crop first.
  // (When the page does get that Escape, its crop cancel must not be taken for a second Escape.)
  const cropCancelledAt = useRef(0);
  useEffect(() => {
    const onChange = () => {
      if (document.fullscreenElement) return;
      const open = cropNow.current;
      if (open && !open.done) cancelCrop();
      else if (Date.now() - cropCancelledAt.current > 1000) exit();
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [cancelCrop, exit]);

  const zoomBy = (factor: number) => {
    const { stage: size, image: natural, view: current } = latest.current;
    if (!natural) return;
    changeView(zoomAbout(size, natural, current, current.zoom * factor, { x: size.width / 2, y: size.height / 2 }));
  };

  const onKeyDown = (event: KeyPress) => {
    if (event.key === "Tab") {
      trapFocus(event);
      return;
    }
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    const handled = (() => {
      switch (event.key) {
        case "ArrowLeft":
          go(previous);
          return true;
        case "ArrowRight":
          go(next);
          return true;
        case "+":
        case "=":
          zoomBy(ZOOM_STEP);
          return true;
        case "-":
        case "_":
          zoomBy(1 / ZOOM_STEP);
          return true;
        case "0":
          changeView(INITIAL_VIEW);
          return true;
        case "Escape":
          if (crop && !crop.done) {
            cropCancelledAt.current = Date.now();
            cancelCrop();
          } else exit();
          return true;
        default:
          return false;
      }
    })();
    if (handled) event.preventDefault();
  };

  const trapFocus = (event: KeyPress) => {
    const focusable = [...(root.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
      (element) => element.offsetParent !== null || element === document.activeElement,
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      root.current?.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === root.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A key pressed while focus has fallen out of the viewer (the button in focus was replaced, e.g.
  // 'Lead the review' by 'Stop leading') lands on <body>: it is still the viewer's, not the page's
  // behind it (whose arrows would leave full screen for the neighbour's detail).
  const keys = useRef(onKeyDown);
  keys.current = onKeyDown;
  useEffect(() => {
    const onStray = (event: KeyboardEvent) => {
      const inside = root.current && event.target instanceof Node && root.current.contains(event.target);
      if (inside || document.querySelector("dialog[open]")) return;
      event.stopPropagation();
      root.current?.focus();
      keys.current(event);
    };
    document.addEventListener("keydown", onStray, true);
    return () => document.removeEventListener("keydown", onStray, true);
  }, []);

  // The wheel zooms about the pointer; a passive listener could not keep the page from scrolling.
  useEffect(() => {
    if (!stageElement) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { stage: size, image: natural, view: current } = latest.current;
      if (!natural) return;
      const box = stageElement.getBoundingClientRect();
      const about = { x: event.clientX - box.left, y: event.clientY - box.top };
      const lines = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? 800 : 1;
      changeView(zoomAbout(size, natural, current, wheelZoom(current.zoom, event.deltaY * lines), about));
    };
    stageElement.addEventListener("wheel", onWheel, { passive: false });
    return () => stageElement.removeEventListener("wheel", onWheel);
  }, [stageElement, changeView]);

  const localPoint = (event: React.PointerEvent): Point => {
    const box = stageElement!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  /** A click (or tap) on the photo: a member's crop starts at the first and ends at the second. */
  const click = (point: Point) => {
    if (!member || !layout) return;
    const at = fractionAt(layout, point);
    if (!onImage(at)) return;
    if (!crop || crop.done) {
      setCrop({ start: at, end: at, done: false });
      live.sendCrop({ phase: "start", start: at });
    } else {
      setCrop({ ...crop, end: at, done: true });
      live.sendCrop({ phase: "end", start: crop.start, end: at });
    }
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const point = localPoint(event);
    event.currentTarget.setPointerCapture(event.pointerId);
    touches.current.set(event.pointerId, point);
    if (touches.current.size >= 2) {
      const [a, b] = [...touches.current.values()] as [Point, Point];
      gesture.current = { kind: "pinch", from: [a, b], view };
      return;
    }
    gesture.current = {
      kind: "press",
      pointerId: event.pointerId,
      start: point,
      view,
      moved: false,
      touch: event.pointerType !== "mouse",
    };
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const point = localPoint(event);
    if (event.pointerType === "mouse") setNearBottom(point.y >= stage.height - PANEL_TRIGGER_PX);
    const current = gesture.current;
    if (touches.current.has(event.pointerId)) touches.current.set(event.pointerId, point);

    if (current?.kind === "pinch" && image) {
      const [a, b] = [...touches.current.values()];
      if (a && b) changeView(pinchView(stage, image, current.view, current.from, [a, b]));
      return;
    }
    if (current?.kind === "press" && current.pointerId === event.pointerId && image) {
      const by = { x: point.x - current.start.x, y: point.y - current.start.y };
      if (!current.moved && Math.hypot(by.x, by.y) < CLICK_SLOP_PX) return;
      current.moved = true;
      if (current.view.zoom > 1) changeView(panBy(stage, image, current.view, by));
      return;
    }
    // Hovering: the pointer is shared, and an open crop follows it.
    if (!layout || !member) return;
    const at = fractionAt(layout, point);
    if (onImage(at)) live.movePointer(at);
    if (crop && !crop.done) {
      const end = { dx: Math.min(1, Math.max(0, at.dx)), dy: Math.min(1, Math.max(0, at.dy)) };
      setCrop({ ...crop, end });
      live.sendCrop({ phase: "drag", start: crop.start, drag: end });
    }
  };

  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    const current = gesture.current;
    touches.current.delete(event.pointerId);
    if (current?.kind === "press" && current.pointerId === event.pointerId) {
      gesture.current = null;
      if (!current.moved) click(localPoint(event));
    } else if (current?.kind === "pinch" && touches.current.size < 2) {
      gesture.current = null;
    }
  };

  const onPointerCancel = (event: React.PointerEvent<HTMLDivElement>) => {
    touches.current.delete(event.pointerId);
    gesture.current = null;
  };

  const ownCropRect = crop ? rectBetween(crop.start, crop.end) : null;
  const panelShown = nearBottom || overPanel || coarse;
  const title = photo.caption || "Untitled";
  const src = photo.largeUrl ?? photo.thumbUrl;
  const viewers = live.viewers;
  const timerStart =
    leaderView?.photoId === photo.id && leaderView.timerStartedAt ? leaderView.timerStartedAt : openedAt;
  const zoomed = shownView.zoom > 1.001;

  return (
    // The dialog takes the viewer's keys (arrows, + - 0, Esc, Tab kept inside) from wherever focus is in it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={root}
      className={`viewer${panelShown ? " panel-shown" : ""}${coarse ? " panel-docked" : ""}`}
      role="dialog"
      aria-modal="true"
      aria-label={`${title} (full screen)`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div
        ref={setStageElement}
        className={`viewer-stage${zoomed ? " zoomed" : ""}${member ? " cropping" : ""}`}
        data-testid="viewer-stage"
        data-zoom={shownView.zoom.toFixed(2)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onPointerLeave={(event) => {
          if (
            event.pointerType === "mouse" &&
            event.clientY < (stageElement?.getBoundingClientRect().bottom ?? 0) - PANEL_TRIGGER_PX
          )
            setNearBottom(false);
        }}
      >
        {src ? (
          <div
            className="viewer-frame"
            style={
              layout
                ? { left: layout.left, top: layout.top, width: layout.width, height: layout.height }
                : { visibility: "hidden" }
            }
          >
            <img
              key={photo.id}
              src={src}
              alt={alt}
              draggable={false}
              ref={(element) => {
                // A photo already in the browser's cache may be complete before React listens for load.
                if (element?.complete && element.naturalWidth && !loaded) {
                  setImage({ width: element.naturalWidth, height: element.naturalHeight });
                  setLoaded(true);
                }
              }}
              onLoad={(event) => {
                const element = event.currentTarget;
                setImage({ width: element.naturalWidth, height: element.naturalHeight });
                setLoaded(true);
              }}
            />
            <div className="viewer-marks">
              {highlight ? <Highlight rect={highlight} /> : null}
              <RemoteCrops crops={live.crops} />
              {ownCropRect && member ? (
                <OwnCrop
                  rect={ownCropRect}
                  done={crop!.done}
                  colour={memberColour(member.id)}
                  actions={crop!.done && offerOnCrop ? offerOnCrop(ownCropRect, cancelCrop) : null}
                />
              ) : null}
              <RemotePointers pointers={live.pointers} />
            </div>
          </div>
        ) : (
          <p className="viewer-missing">This photo has no large image yet.</p>
        )}
        {loaderShown && src ? (
          <div className="viewer-loader" role="status" data-testid="viewer-loader">
            <span className="viewer-spinner" aria-hidden="true" />
            <span>Loading the photo…</span>
          </div>
        ) : null}
      </div>

      {live.status === "offline" ? (
        <p className="viewer-offline" role="alert">
          Offline: the others' pointers and crops will show again once the connection is back.
        </p>
      ) : null}
      {lead.following && lead.leader ? (
        <p className="viewer-following" role="status">
          Following {lead.leader.firstName}
        </p>
      ) : null}

      <section
        className="viewer-panel"
        aria-label="Photo panel"
        onPointerEnter={() => setOverPanel(true)}
        onPointerLeave={() => setOverPanel(false)}
      >
        <div className="viewer-panel-about">
          <h2>{title}</h2>
          <p className="muted">
            by {photo.User.firstName} {photo.User.lastName}
          </p>
          {rating}
        </div>
        <div className="viewer-panel-live">
          {meeting ? (
            <ViewerTimer
              meetingId={meeting.id}
              timeZone={meeting.timeZone}
              photosLeft={meeting.photosLeft}
              openedAt={timerStart}
            />
          ) : null}
          {member && viewers.length ? (
            <p className="viewer-viewing" title={viewers.map((viewer) => viewer.firstName).join(", ")}>
              <strong>{viewers.length} viewing</strong>{" "}
              <span className="muted">{viewers.map((viewer) => viewer.firstName).join(", ")}</span>
            </p>
          ) : null}
          {meeting && member ? <ReviewControls lead={lead} strayed={strayed} /> : null}
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
            {shownView.zoom.toFixed(1)}×
          </span>
          <button type="button" className="button" onClick={() => zoomBy(ZOOM_STEP)} aria-label="Zoom in">
            +
          </button>
          <button type="button" className="button primary" onClick={exit}>
            Exit full screen
          </button>
        </nav>
      </section>
    </div>
  );
}
