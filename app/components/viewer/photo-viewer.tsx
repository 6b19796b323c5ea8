// The full-screen viewer: the photo at its large
// size filling the screen, wheel and pinch zoom 1x..4x about the pointer, drag
// to pan when zoomed (never past the edges), a bottom panel that shows when the
// pointer comes within 10 px of the bottom, the keys (arrows, + - 0, Esc), and
// for members the live layer: their pointer and crops shared with the others
// looking at the photo, the others' drawn over it, and in a meeting the timer
// and following the leader.
//
// Each concern is a hook beside this file (use-*.ts), its bookkeeping in a plain
// module with its tests; the arithmetic is in app/lib/viewer-geometry.ts.
//
// It is a modal layer over the page (rendered into <body>, the rest of the page
// made inert), so focus stays inside it and goes back where it was on exit.
import { useCallback, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { memberColour } from "~/lib/member-colour";
import { photoLabel } from "~/lib/photo-label";
import { fractionAt, INITIAL_VIEW, onImage, ZOOM_STEP, type View } from "~/lib/viewer-geometry";
import { useLiveLayer } from "~/realtime/browser/use-live-layer";
import { useKeptTimer } from "../meetings/photo-countdown";
import { CropShade, Highlight, OwnCrop, RemoteCrops, RemotePointers } from "./live-marks";
import { cropRect } from "./own-crop";
import { StageLoader, StagePhoto } from "./stage-photo";
import { useFollowLead } from "./use-follow-lead";
import { useModalLayer } from "./use-modal-layer";
import { useOwnCrop } from "./use-own-crop";
import { usePanelReveal } from "./use-panel-reveal";
import { useStageGestures } from "./use-stage-gestures";
import { useViewerExit } from "./use-viewer-exit";
import { useViewerKeys } from "./use-viewer-keys";
import { useViewerView } from "./use-viewer-view";
import { useViewerSource } from "./use-viewer-source";
import { isZoomed } from "./view-state";
import type { ViewerCommand } from "./viewer-keys";
import { ViewerEntry } from "./viewer-entry";
import { ViewerPanel } from "./viewer-panel";
import type { PhotoViewerProps } from "./viewer-props";
import "./viewer.css";

export type { CropActions, PhotoViewerProps, ViewerMeeting, ViewerPhoto } from "./viewer-props";

/** How a finger crops and zooms (stage-gestures.ts), said under the photo on a touch screen. */
export const TOUCH_CROP_HINT = "Drag one finger to draw a crop; use two fingers to zoom and move the photo.";

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
  const root = useRef<HTMLDivElement>(null);
  const live = useLiveLayer(member ? photo.id : null);
  const photoView = useViewerView(photo.id);
  const { layout, shown, setView } = photoView;
  const reviewed = meeting && member ? meeting : null;
  const follow = useFollowLead({
    meetingId: reviewed?.id ?? null,
    photoHref: meeting?.photoHref,
    photoId: photo.id,
    shown,
    openedAt: photoView.openedAt,
    ownTimer: useKeptTimer(reviewed?.id ?? null, reviewed?.timeZone ?? "UTC", reviewed?.photosLeft ?? 0).timer,
    setView,
  });
  const { ownMove } = follow;
  const crop = useOwnCrop(photo.id, live.sendCrop);
  const panel = usePanelReveal();
  const { exit, go, escape } = useViewerExit({ exitHref, crop, ownMove });

  const changeView = useCallback(
    (view: View) => {
      ownMove();
      setView(view);
    },
    [ownMove, setView],
  );
  const zoomBy = (factor: number) => {
    const view = photoView.zoomedBy(factor);
    if (view) changeView(view);
  };

  const commands: Record<ViewerCommand, () => void> = {
    previous: () => go(previous),
    next: () => go(next),
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    resetZoom: () => changeView(INITIAL_VIEW),
    escape,
  };
  const onKeyDown = useViewerKeys(root, (command) => commands[command]());

  const stageEvents = useStageGestures({
    stageElement: photoView.stageElement,
    latest: photoView.latest,
    changeView,
    setNearBottom: panel.setNearBottom,
    // A click (or tap) on the photo: a member's crop starts at the first and ends at the second.
    click: (point) => {
      if (member && layout) crop.click(fractionAt(layout, point));
    },
    // Hovering: the pointer is shared, and an open crop follows it.
    hover: (point) => {
      if (!layout || !member) return;
      const at = fractionAt(layout, point);
      if (onImage(at)) live.movePointer(at);
      crop.drag(at);
    },
    // A member's finger draws a crop in one stroke (following the lead or not: it moves no view).
    drawsCrops: Boolean(member),
    draw: (from, to, begun) => {
      if (!layout || !member) return;
      if (begun) crop.begin(fractionAt(layout, from));
      crop.drag(fractionAt(layout, to));
    },
    drawn: (point) => {
      if (layout && member) crop.letGo(fractionAt(layout, point));
    },
    drawCancelled: crop.cancel,
  });

  const own = crop.crop;
  const ownRect = own ? cropRect(own) : null;
  // A captionless photo is called by its author, never 'Untitled', which says nothing under a street photo.
  const title = photoLabel(photo);
  // The copy the stage needs at this zoom, not the 3,840 px file on a phone (use-viewer-source.ts).
  const src = useViewerSource(photo, layout?.width ?? null, photoView.stage.width);

  return (
    // The dialog takes the viewer's keys (arrows, + - 0, Esc, Tab kept inside) from wherever focus is in it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={root}
      className={`viewer${panel.shown ? " panel-shown" : ""}${panel.docked ? " panel-docked" : ""}`}
      role="dialog"
      aria-modal="true"
      aria-label={`${title} (full screen)`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div
        ref={photoView.setStageElement}
        className={`viewer-stage${isZoomed(shown) ? " zoomed" : ""}${member ? " cropping" : ""}`}
        data-testid="viewer-stage"
        data-zoom={shown.zoom.toFixed(2)}
        {...stageEvents}
      >
        {src ? (
          <StagePhoto
            photoId={photo.id}
            src={src}
            alt={alt}
            layout={layout}
            loaded={photoView.loaded}
            imageReady={photoView.imageReady}
          >
            <CropShade
              rects={[...(highlight ? [highlight] : []), ...live.crops, ...(ownRect && member ? [ownRect] : [])]}
            />
            {highlight ? <Highlight rect={highlight} /> : null}
            <RemoteCrops crops={live.crops} />
            {own && ownRect && member ? (
              <OwnCrop
                rect={ownRect}
                done={own.done}
                colour={memberColour(member.id)}
                actions={own.done && cropActions ? cropActions(ownRect, crop.cancel) : null}
              />
            ) : null}
            <RemotePointers pointers={live.pointers} />
          </StagePhoto>
        ) : (
          <p className="viewer-missing">This photo has no large image yet.</p>
        )}
        {photoView.loaderShown && src ? <StageLoader /> : null}
      </div>

      {member ? (
        // Shown on a touch screen only (viewer.css): the mouse's way (click, move, click) is the contract's.
        <p className="viewer-touch-hint" data-testid="viewer-touch-hint">
          {TOUCH_CROP_HINT}
        </p>
      ) : null}
      {live.status === "offline" ? (
        <p className="viewer-offline" role="alert">
          {live.refusal ?? "Offline: the others' pointers and crops will show again once the connection is back."}
        </p>
      ) : null}
      {follow.lead.following && follow.lead.leader ? (
        <p className="viewer-following" role="status">
          Following {follow.lead.leader.firstName}
        </p>
      ) : null}

      {reviewed ? <ViewerEntry shown={follow.lead.shownEntries[photo.id]} /> : null}

      <ViewerPanel
        photo={photo}
        title={title}
        rating={rating}
        meeting={meeting}
        timerStart={follow.timerStart}
        ledTimer={follow.ledTimer}
        viewers={member ? live.viewers : []}
        review={meeting && member ? { lead: follow.lead, strayed: follow.strayed, selfId: member.id } : null}
        zoom={shown.zoom}
        previous={previous}
        next={next}
        go={go}
        zoomBy={zoomBy}
        exit={exit}
        panelEvents={panel.panelEvents}
      />
    </div>
  );
}
