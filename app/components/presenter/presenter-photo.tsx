// The photo on the presenter's screen: fitted to the stage, and where the
// leader has zoomed in on the photo the screen shows, zoomed to the same part
// (the view's zoom and centre, placed by layoutOf as in the viewer). Until the
// page runs (or for a photo of unknown size) it is simply fitted by CSS.
//
// Over it, the members' pointers and crops live (the call
// sees only this window), drawn by the viewer's own marks in the photo's box,
// so they land on the same spot at any zoom; sized for a shared screen (presenter.css).
import { useState } from "react";
import { presenterImageAttributes } from "~/lib/photo-images";
import { layoutOf, type View } from "~/lib/viewer-geometry";
import type { LiveCrop, LivePointer } from "~/realtime/browser/use-live-layer";
import { useElementSize } from "../use-element-size";
import { CropShade, RemoteCrops, RemotePointers } from "../viewer/live-marks";
import type { PresenterSlide } from "./presenter-steps";

/** The photo's share of the screen's height; the line under it takes the rest (presenter.css). */
export const STAGE_VH = 86;

export function PresenterPhoto({
  slide,
  alt,
  view,
  marks,
}: {
  slide: PresenterSlide;
  alt: string;
  view: View;
  /** The members' live pointers and crops on this photo. */
  marks: { pointers: LivePointer[]; crops: LiveCrop[] };
}) {
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const stageSize = useElementSize(stage);
  const image = slide.width && slide.height ? { width: slide.width, height: slide.height } : null;
  const layout = stageSize && image ? layoutOf(stageSize, image, view) : null;
  return (
    <div ref={setStage} className="presenter-stage" data-testid="presenter-stage" data-zoom={view.zoom.toFixed(2)}>
      <div
        className={`presenter-photo${layout ? " placed" : ""}`}
        style={layout ? { left: layout.left, top: layout.top, width: layout.width, height: layout.height } : undefined}
      >
        <img key={slide.id} alt={alt} {...presenterImageAttributes(slide, STAGE_VH)} />
        {layout ? (
          <div className="presenter-marks" data-testid="presenter-marks">
            <CropShade rects={marks.crops} />
            <RemoteCrops crops={marks.crops} />
            <RemotePointers pointers={marks.pointers} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
