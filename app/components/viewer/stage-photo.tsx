// The photo on the viewer's stage, placed where the view puts it (hidden until
// it can be placed), with the live marks drawn over it, and the loader until
// it has loaded.
import { useLayoutEffect, useRef } from "react";
import type { Layout } from "~/lib/viewer-geometry";
import { unpileLabels } from "./mark-labels";

/**
 * Keeps the marks' names apart (mark-labels.ts) after every render, which is
 * when marks move: each name is measured where its mark puts it, then nudged.
 * The nudge is the element's `translate`, which React's props never set.
 */
function useUnpiledLabels() {
  const marks = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = marks.current;
    if (!box) return;
    const labels = [...box.querySelectorAll<HTMLElement>(".viewer-mark-name")];
    for (const label of labels) label.style.translate = "";
    if (labels.length < 2) return;
    const origin = box.getBoundingClientRect();
    const boxes = labels.map((label) => {
      const rect = label.getBoundingClientRect();
      return { left: rect.left - origin.left, top: rect.top - origin.top, width: rect.width, height: rect.height };
    });
    unpileLabels(boxes).forEach((shift, index) => {
      if (shift.dx || shift.dy) labels[index]!.style.translate = `${shift.dx}px ${shift.dy}px`;
    });
  });
  return marks;
}

export function StagePhoto({
  photoId,
  src,
  alt,
  layout,
  loaded,
  imageReady,
  children,
}: {
  photoId: number;
  src: string;
  alt: string;
  layout: Layout | null;
  loaded: boolean;
  imageReady: (element: HTMLImageElement) => void;
  /** The marks over the photo, placed by image fractions inside its box. */
  children: React.ReactNode;
}) {
  const marks = useUnpiledLabels();
  return (
    <div
      className="viewer-frame"
      style={
        layout
          ? { left: layout.left, top: layout.top, width: layout.width, height: layout.height }
          : { visibility: "hidden" }
      }
    >
      <img
        key={photoId}
        src={src}
        alt={alt}
        draggable={false}
        ref={(element) => {
          // A photo already in the browser's cache may be complete before React listens for load.
          if (element?.complete && element.naturalWidth && !loaded) imageReady(element);
        }}
        onLoad={(event) => imageReady(event.currentTarget)}
      />
      <div ref={marks} className="viewer-marks">
        {children}
      </div>
    </div>
  );
}

export function StageLoader() {
  return (
    <div className="viewer-loader" role="status" data-testid="viewer-loader">
      <span className="viewer-spinner" aria-hidden="true" />
      <span>Loading the photo…</span>
    </div>
  );
}
