// Which copy of the large size the viewer's <img> shows: the
// narrowest the stage needs at the current zoom (photo-images.ts,
// viewerImageWidth), never a narrower one than already shown for this photo,
// so zooming out keeps the sharper copy and nothing is fetched twice. Before
// the photo has loaded its width on the stage is at most the stage's.
import { useState } from "react";
import { largeImageUrl, viewerImageWidth } from "~/lib/photo-images";

/** The stored size's rank above every offered width. */
const STORED = Number.POSITIVE_INFINITY;

export function useViewerSource(
  photo: { id: number; largeUrl: string | null; thumbUrl: string | null },
  shownWidth: number | null,
  stageWidth: number,
): string | null {
  const [widest, setWidest] = useState<{ photoId: number; width: number } | null>(null);
  if (!photo.largeUrl) return photo.thumbUrl;
  const cssWidth = shownWidth ?? (stageWidth > 0 ? stageWidth : window.innerWidth);
  const needed = viewerImageWidth(cssWidth, window.devicePixelRatio || 1) ?? STORED;
  const kept = widest?.photoId === photo.id ? widest.width : 0;
  // Set during render (React's pattern for state that follows props): only ever upwards, so it settles at once.
  if (needed > kept) setWidest({ photoId: photo.id, width: needed });
  const width = Math.max(needed, kept);
  return largeImageUrl(photo.largeUrl, width === STORED ? null : width);
}
