// The photo on the viewer's stage: the stage's size, the photo's natural size
// once loaded, the view (zoom and pan) and the loader, all from the start
// again when another photo comes (previous/next, or the leader moved on).
// The arithmetic is in view-state.ts and app/lib/viewer-geometry.ts.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { INITIAL_VIEW, type Size, type View } from "~/lib/viewer-geometry";
import { useElementSize } from "../use-element-size";
import { layoutFor, LOADER_HIDES_AFTER_MS, shownView, zoomedAtCentre } from "./view-state";

/** The stage before it is measured: no photo is placed on it yet. */
const UNMEASURED: Size = { width: 0, height: 0 };

export type StageNow = { view: View; stage: Size; image: Size | null };

export function useViewerView(photoId: number) {
  const [stageElement, setStageElement] = useState<HTMLDivElement | null>(null);
  const stage = useElementSize(stageElement) ?? UNMEASURED;
  const [image, setImage] = useState<Size | null>(null);
  const [view, setView] = useState<View>(INITIAL_VIEW);
  const [loaded, setLoaded] = useState(false);
  const [loaderShown, setLoaderShown] = useState(true);
  const [openedAt, setOpenedAt] = useState(() => Date.now());

  // A new photo: from the whole photo again, the loader, a fresh countdown.
  useLayoutEffect(() => {
    setView(INITIAL_VIEW);
    setImage(null);
    setLoaded(false);
    setLoaderShown(true);
    setOpenedAt(Date.now());
  }, [photoId]);

  useEffect(() => {
    if (!loaded) return;
    const hide = window.setTimeout(() => setLoaderShown(false), LOADER_HIDES_AFTER_MS);
    return () => window.clearTimeout(hide);
  }, [loaded]);

  // The latest state, for listeners that outlive a render (the wheel) and for a key pressed before the next one.
  const latest = useRef<StageNow>({ view, stage, image });
  latest.current = { view, stage, image };

  /** The photo's element has its pixels: its natural size places it. */
  const imageReady = (element: HTMLImageElement) => {
    setImage({ width: element.naturalWidth, height: element.naturalHeight });
    setLoaded(true);
  };

  /** The view zoomed by `factor` about the stage's centre, or null before the photo has loaded. */
  const zoomedBy = (factor: number): View | null => {
    const { stage: size, image: natural, view: current } = latest.current;
    return natural ? zoomedAtCentre(size, natural, current, factor) : null;
  };

  return {
    stageElement,
    setStageElement,
    stage,
    image,
    view,
    setView,
    loaded,
    imageReady,
    loaderShown,
    openedAt,
    latest,
    zoomedBy,
    layout: layoutFor(stage, image, view),
    shown: shownView(stage, image, view),
  };
}

export type ViewerView = ReturnType<typeof useViewerView>;
