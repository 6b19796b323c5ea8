// The pointer on the viewer's stage: wheel and pinch zoom, drag to pan when
// zoomed, clicks (a crop's corners) and hovering (the shared pointer, an open
// crop's corner), a finger drawing a crop (`drawsCrops`: a member's touch or
// pen; the mouse keeps its drag to pan), and the mouse near the bottom showing
// the panel. What each press and move means is worked out in stage-gestures.ts.
import { useEffect, useRef, type RefObject } from "react";
import { wheelZoom, zoomAbout, type Point, type View } from "~/lib/viewer-geometry";
import { nearBottom, PANEL_TRIGGER_PX, StageGestures, wheelPixels } from "./stage-gestures";
import type { StageNow } from "./use-viewer-view";

type StagePointerEvent = React.PointerEvent<HTMLDivElement>;

export function useStageGestures({
  stageElement,
  latest,
  changeView,
  click,
  hover,
  drawsCrops,
  draw,
  drawn,
  drawCancelled,
  setNearBottom,
}: {
  stageElement: HTMLDivElement | null;
  latest: RefObject<StageNow>;
  /** A view the member asked for by a gesture. */
  changeView: (view: View) => void;
  /** A click or tap on the stage (stage pixels). */
  click: (point: Point) => void;
  /** The pointer over the stage with no press under way (stage pixels). */
  hover: (point: Point) => void;
  /** Whether a finger (or pen) on the stage draws a crop (a member's viewer). */
  drawsCrops: boolean;
  /** A finger drawing a crop from `from` to `to` (stage pixels); `begun`: its first move. */
  draw: (from: Point, to: Point, begun: boolean) => void;
  /** The finger lifted at `point`: the crop drawn ends there. */
  drawn: (point: Point) => void;
  /** A crop being drawn was cut short (a second finger, the browser took the touch). */
  drawCancelled: () => void;
  setNearBottom: (near: boolean) => void;
}) {
  const gestures = useRef(new StageGestures());

  // The wheel zooms about the pointer; a passive listener could not keep the page from scrolling.
  useEffect(() => {
    if (!stageElement) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { stage: size, image: natural, view: current } = latest.current;
      if (!natural) return;
      const box = stageElement.getBoundingClientRect();
      const about = { x: event.clientX - box.left, y: event.clientY - box.top };
      const zoom = wheelZoom(current.zoom, wheelPixels(event.deltaY, event.deltaMode));
      changeView(zoomAbout(size, natural, current, zoom, about));
    };
    stageElement.addEventListener("wheel", onWheel, { passive: false });
    return () => stageElement.removeEventListener("wheel", onWheel);
  }, [stageElement, latest, changeView]);

  const localPoint = (event: StagePointerEvent): Point => {
    const box = stageElement!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  return {
    onPointerDown: (event: StagePointerEvent) => {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      const point = localPoint(event);
      event.currentTarget.setPointerCapture(event.pointerId);
      const draws = drawsCrops && event.pointerType !== "mouse";
      if (gestures.current.pressed(event.pointerId, point, latest.current.view, draws)) drawCancelled();
    },
    onPointerMove: (event: StagePointerEvent) => {
      const point = localPoint(event);
      const { stage, image } = latest.current;
      if (event.pointerType === "mouse") setNearBottom(nearBottom(point.y, stage.height));
      const move = gestures.current.moved(event.pointerId, point, stage, image);
      if (move.kind === "view") changeView(move.view);
      else if (move.kind === "draw") draw(move.from, move.to, move.begun);
      else if (move.kind === "hover") hover(point);
    },
    onPointerUp: (event: StagePointerEvent) => {
      const released = gestures.current.released(event.pointerId);
      if (released === "click") click(localPoint(event));
      else if (released === "drawn") drawn(localPoint(event));
    },
    onPointerCancel: (event: StagePointerEvent) => {
      if (gestures.current.cancelled(event.pointerId)) drawCancelled();
    },
    onPointerLeave: (event: StagePointerEvent) => {
      const bottom = stageElement?.getBoundingClientRect().bottom ?? 0;
      if (event.pointerType === "mouse" && event.clientY < bottom - PANEL_TRIGGER_PX) setNearBottom(false);
    },
  };
}
