// The full-screen viewer (its pointers, crops and live room) is fetched when a
// photo is first shown full screen, or about to be (the pointer over, or focus
// on, 'Full screen'): not with every photo page.
import { lazy } from "react";

export const loadViewer = () => import("./photo-viewer");

export const LazyPhotoViewer = lazy(() => loadViewer().then((module) => ({ default: module.PhotoViewer })));
