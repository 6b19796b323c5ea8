// What the presses and moves on the viewer's stage mean, kept
// apart from React and the DOM so it can be tested on its own: a press that
// moves less than a few pixels is a click (a crop's corner), more is a drag
// (a pan, when zoomed); a second finger down makes it a pinch; a move that no
// press owns is hovering (the shared pointer). The views are viewer-geometry's.
// A finger has no hover to drag a crop's corner with, so a
// press that `draws` (a finger or a pen of a member who may crop) is a crop
// instead: it starts where the finger went down, its far corner follows the
// finger, and lifting the finger ends it. Zoomed or not, one finger draws and
// two fingers zoom and move the photo (the pinch pans by its midpoint); a second
// finger coming down while one draws cuts the crop short and pinches instead.
import { panBy, pinchView, type Point, type Size, type View } from "~/lib/viewer-geometry";

/** A press that moves less than this is a click (a crop's corner), more is a drag (a pan). */
export const CLICK_SLOP_PX = 5;
/** The bottom panel shows with the pointer within 10 px of the bottom (docs/texts-and-limits.md). */
export const PANEL_TRIGGER_PX = 10;

type Gesture =
  | { kind: "press"; pointerId: number; start: Point; view: View; moved: boolean; draws: boolean }
  | { kind: "pinch"; from: [Point, Point]; view: View };

/**
 * A move's meaning: the view it leads to (a pan or a pinch), hovering, nothing
 * yet (a press within the slop), or a crop drawn from `from` to `to` (`begun`:
 * its first move, so the crop starts now).
 */
export type StageMove =
  | { kind: "view"; view: View }
  | { kind: "hover" }
  | { kind: "held" }
  | { kind: "draw"; from: Point; to: Point; begun: boolean };

/** What lifting a pointer ended: a click, a crop drawn by a finger, or nothing to act on. */
export type StageRelease = "click" | "drawn" | null;

export class StageGestures {
  private gesture: Gesture | null = null;
  /** The pointers down on the stage now, by id, at their latest points. */
  private readonly down = new Map<number, Point>();

  /**
   * A pointer went down at `point` while `view` was shown: a press (one that
   * `draws` a crop when it moves), or with a second one down a pinch. True when
   * that cuts short a crop being drawn, which the caller then takes away.
   */
  pressed(pointerId: number, point: Point, view: View, draws = false): boolean {
    const cutShort = this.drawing();
    this.down.set(pointerId, point);
    if (this.down.size >= 2) {
      const [a, b] = [...this.down.values()] as [Point, Point];
      this.gesture = { kind: "pinch", from: [a, b], view };
      return cutShort;
    }
    this.gesture = { kind: "press", pointerId, start: point, view, moved: false, draws };
    return cutShort;
  }

  /** Whether a finger is drawing a crop now (a drawing press past the slop). */
  private drawing(): boolean {
    const current = this.gesture;
    return current?.kind === "press" && current.draws && current.moved;
  }

  /** A pointer moved to `point`; the stage and the photo's natural size (null until it has loaded) give the view. */
  moved(pointerId: number, point: Point, stage: Size, image: Size | null): StageMove {
    if (this.down.has(pointerId)) this.down.set(pointerId, point);
    const current = this.gesture;
    if (current?.kind === "pinch" && image) {
      const [a, b] = [...this.down.values()];
      return a && b
        ? { kind: "view", view: pinchView(stage, image, current.view, current.from, [a, b]) }
        : { kind: "held" };
    }
    if (current?.kind === "press" && current.pointerId === pointerId && current.draws) {
      const by = { x: point.x - current.start.x, y: point.y - current.start.y };
      if (!current.moved && Math.hypot(by.x, by.y) < CLICK_SLOP_PX) return { kind: "held" };
      const begun = !current.moved;
      current.moved = true;
      return { kind: "draw", from: current.start, to: point, begun };
    }
    if (current?.kind === "press" && current.pointerId === pointerId && image) {
      const by = { x: point.x - current.start.x, y: point.y - current.start.y };
      if (!current.moved && Math.hypot(by.x, by.y) < CLICK_SLOP_PX) return { kind: "held" };
      current.moved = true;
      // At zoom 1 the whole photo is shown: a drag there moves nothing (and is no click either).
      return current.view.zoom > 1 ? { kind: "view", view: panBy(stage, image, current.view, by) } : { kind: "held" };
    }
    return { kind: "hover" };
  }

  /** A pointer came up: a click when it ends a press that never moved past the slop; 'drawn' when it ends a crop. */
  released(pointerId: number): StageRelease {
    const current = this.gesture;
    this.down.delete(pointerId);
    if (current?.kind === "press" && current.pointerId === pointerId) {
      this.gesture = null;
      return !current.moved ? "click" : current.draws ? "drawn" : null;
    }
    if (current?.kind === "pinch" && this.down.size < 2) this.gesture = null;
    return null;
  }

  /**
   * The browser took the pointer (a scroll, a system gesture): whatever was
   * under way ends without a click. True when a crop was being drawn (taken away).
   */
  cancelled(pointerId: number): boolean {
    const cutShort = this.drawing();
    this.down.delete(pointerId);
    this.gesture = null;
    return cutShort;
  }
}

/** A wheel turn's deltaY in pixels, whatever unit the browser gave it in (pixels, lines or pages). */
export function wheelPixels(deltaY: number, deltaMode: number): number {
  const unit = deltaMode === 1 ? 40 : deltaMode === 2 ? 800 : 1;
  return deltaY * unit;
}

/** Whether a mouse at `y` (stage pixels) is close enough to the bottom to show the panel. */
export const nearBottom = (y: number, stageHeight: number) => y >= stageHeight - PANEL_TRIGGER_PX;
