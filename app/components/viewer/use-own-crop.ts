// The member's own crop on the viewer's stage, drawn locally and shared with
// the others through the live layer (its steps are worked out in own-crop.ts).
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import type { CropInput } from "~/lib/realtime-events";
import type { Fraction } from "~/lib/viewer-geometry";
import { cropBegun, cropClicked, cropDragged, cropLetGo, cropOpen, type CropStep, type OwnCropState } from "./own-crop";

export function useOwnCrop(photoId: number, sendCrop: (message: CropInput) => void) {
  const [crop, setCrop] = useState<OwnCropState | null>(null);
  // The crop as last drawn, for the callbacks that take it away (they must not wait for a render).
  const now = useRef<OwnCropState | null>(null);
  now.current = crop;

  // Another photo: no crop (leaving one by the viewer's own controls cancels it for the others first).
  useLayoutEffect(() => setCrop(null), [photoId]);

  // Each step reads the crop as of the last step, not the last render: a finger's stroke begins and
  // drags the crop within one event.
  const apply = (step: CropStep | null) => {
    if (!step) return;
    now.current = step.crop;
    setCrop(step.crop);
    sendCrop(step.send);
  };

  const cancel = useCallback(() => {
    if (!now.current) return;
    now.current = null;
    setCrop(null);
    sendCrop({ phase: "cancel" });
  }, [sendCrop]);

  /** Whether a crop is being drawn as of the last step, rendered or not. */
  const openNow = useCallback(() => cropOpen(now.current), []);

  return {
    crop,
    /** A click on the photo (image fractions): a corner. */
    click: (at: Fraction) => apply(cropClicked(now.current, at)),
    /** The pointer over the stage: an open crop's far corner follows it. */
    drag: (at: Fraction) => apply(cropDragged(now.current, at)),
    /** A finger's stroke began on the photo: a new crop there. */
    begin: (at: Fraction) => apply(cropBegun(at)),
    /** The finger lifted: the crop ends there. */
    letGo: (at: Fraction) => apply(cropLetGo(now.current, at)),
    cancel,
    openNow,
  };
}

export type OwnCropControl = ReturnType<typeof useOwnCrop>;
