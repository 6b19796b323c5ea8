// The photo detail's code (its tabs and comments, the photo room's socket, the
// owner's forms with zod and Conform: about 65 KB gzip) is fetched only where a
// detail is shown, so the grids of /browse, /comments, a gallery and a meeting,
// which share their route with the detail, stay within the script budget
// (docs/performance.md, "Script budget").
//
// The server never waits on it in the render: the module starts loading when
// the server loads this file, and the loaders await loadPhotoDetail() before a
// detail is rendered, so the HTML holds the whole detail (no fallback streamed
// in its place). In the browser a detail page hydrates once the chunk is in
// (entry.client.tsx), so nothing on it moves; a click from a grid fetches it,
// and the grid prefetches it when a pointer or the focus reaches a photo.
import { use, type ComponentProps } from "react";
import type * as DetailModule from "./photo-detail";
import { loadPhotoDetail } from "./detail/load-photo-detail";
// The detail's styles stay in the route's own stylesheets (React Router links
// a route's static CSS in the page's head, not a lazy chunk's), so the
// server-rendered detail is styled before its script arrives.
import "./photos.css";
import "./photo-page.css";
import "./photo-card.css";
import "./forms/length-counter.css";
import "./comments/comments.css";
import "./detail/photo-tab-strip.css";

if (typeof window === "undefined") void loadPhotoDetail();

export { loadPhotoDetail };

/**
 * PhotoDetail, with its code loaded when first shown. No Suspense boundary of
 * its own: on the server a boundary would let React stream a fallback in the
 * detail's place (the page's shell waits for it instead), and in the browser a
 * navigation from a grid is a transition, so the grid stays until it is in.
 */
export function LazyPhotoDetail(props: ComponentProps<typeof DetailModule.PhotoDetail>) {
  const { PhotoDetail } = use(loadPhotoDetail());
  return <PhotoDetail {...props} />;
}

/** Handlers for a grid's container: its links lead to the detail, so the detail's code is fetched on the way. */
export const prefetchPhotoDetail = {
  onPointerOver: () => void loadPhotoDetail(),
  onFocus: () => void loadPhotoDetail(),
  onTouchStart: () => void loadPhotoDetail(),
};
