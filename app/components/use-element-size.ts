// An element's size, followed as the window changes, for the screens that fit
// a photo to their stage (the viewer, the presenter). Measured before paint, so
// a photo placed from it never shows first at the wrong size; null until the
// element is there and measured.
import { useLayoutEffect, useState } from "react";
import type { Size } from "~/lib/viewer-geometry";

export function useElementSize(element: HTMLElement | null): Size | null {
  const [size, setSize] = useState<Size | null>(null);
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
