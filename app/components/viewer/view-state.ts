// What the viewer shows of the photo (zoom and pan), read off its state apart
// from React so it can be tested on its own. The view in state is what the
// last gesture, key or leader asked for; what is shown is that view made valid
// for the stage and the photo (viewer-geometry's clampView), once both are known.
import { clampView, layoutOf, zoomAbout, type Layout, type Size, type View } from "~/lib/viewer-geometry";

/** The loader hides 500 ms after the image has loaded (docs/texts-and-limits.md). */
export const LOADER_HIDES_AFTER_MS = 500;

/** Until the stage has been measured and the photo has loaded, nothing can be placed. */
const measured = (stage: Size, image: Size | null): image is Size => image !== null && stage.width > 0;

/** Where the photo sits on the stage, or null while it cannot be placed yet (hidden until then). */
export const layoutFor = (stage: Size, image: Size | null, view: View): Layout | null =>
  measured(stage, image) ? layoutOf(stage, image, view) : null;

/** The view as shown (what the zoom reads and a leader sends): clamped once it can be, as asked before. */
export const shownView = (stage: Size, image: Size | null, view: View): View =>
  measured(stage, image) ? clampView(stage, image, view) : view;

/** The view zoomed by `factor` about the stage's centre (the keys and the panel's buttons). */
export const zoomedAtCentre = (stage: Size, image: Size, view: View, factor: number): View =>
  zoomAbout(stage, image, view, view.zoom * factor, { x: stage.width / 2, y: stage.height / 2 });

/** Whether the photo is shown larger than it fits (a drag then pans it). */
export const isZoomed = (view: View) => view.zoom > 1.001;
