// The photo on the presenter's screen: fitted to the stage, and where the
// leader has zoomed in on the photo the screen shows, zoomed to the same part
// (the view's zoom and centre, placed by layoutOf as in the viewer). Until the
// page runs (or for a photo of unknown size) it is simply fitted by CSS.
import { useState } from "react";
import { presenterImageAttributes } from "~/lib/photo-images";
import { layoutOf, type View } from "~/lib/viewer-geometry";
import { useElementSize } from "../use-element-size";
import type { PresenterSlide } from "./presenter-steps";

/** The photo's share of the screen's height; the line under it takes the rest (presenter.css). */
export const STAGE_VH = 86;

export function PresenterPhoto({ slide, alt, view }: { slide: PresenterSlide; alt: string; view: View }) {
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const stageSize = useElementSize(stage);
  const image = slide.width && slide.height ? { width: slide.width, height: slide.height } : null;
  const layout = stageSize && image ? layoutOf(stageSize, image, view) : null;
  return (
    <div ref={setStage} className="presenter-stage" data-testid="presenter-stage" data-zoom={view.zoom.toFixed(2)}>
      <img
        key={slide.id}
        alt={alt}
        {...presenterImageAttributes(slide, STAGE_VH)}
        className={layout ? "placed" : undefined}
        style={layout ? { left: layout.left, top: layout.top, width: layout.width, height: layout.height } : undefined}
      />
    </div>
  );
}
