// The member's own crop in the full-screen viewer, apart from
// React so it can be tested on its own: a click on the photo starts it, the
// pointer drags its far corner, a second click ends it; each step is also what
// goes to the others looking at the photo (the live layer's crop messages).
// On a touch screen a finger draws it in one stroke: the
// stroke begins it, the same drag follows, lifting the finger ends it.
import type { CropInput } from "~/lib/realtime-events";
import { onImage, rectBetween, type Fraction, type FractionRect } from "~/lib/viewer-geometry";

export type OwnCropState = { start: Fraction; end: Fraction; done: boolean };

/** A crop's next state and the message that tells the others of it. */
export type CropStep = { crop: OwnCropState; send: CropInput };

/**
 * A click at `at` (image fractions): nothing off the photo; else a new crop's
 * first corner (none open, or the last one ended), or the open one's last.
 */
export function cropClicked(crop: OwnCropState | null, at: Fraction): CropStep | null {
  if (!onImage(at)) return null;
  if (!crop || crop.done) return { crop: { start: at, end: at, done: false }, send: { phase: "start", start: at } };
  return { crop: { ...crop, end: at, done: true }, send: { phase: "end", start: crop.start, end: at } };
}

/** The pointer at `at` while a crop is open: its far corner follows, kept on the photo. Nothing when none is open. */
export function cropDragged(crop: OwnCropState | null, at: Fraction): CropStep | null {
  if (!crop || crop.done) return null;
  const end = { dx: Math.min(1, Math.max(0, at.dx)), dy: Math.min(1, Math.max(0, at.dy)) };
  return { crop: { ...crop, end }, send: { phase: "drag", start: crop.start, drag: end } };
}

/** A finger's stroke began at `at`: a new crop there (any other is replaced), or nothing off the photo. */
export function cropBegun(at: Fraction): CropStep | null {
  if (!onImage(at)) return null;
  return { crop: { start: at, end: at, done: false }, send: { phase: "start", start: at } };
}

/** The finger lifted at `at`: the open crop ends there, kept on the photo. Nothing when none is open. */
export function cropLetGo(crop: OwnCropState | null, at: Fraction): CropStep | null {
  if (!crop || crop.done) return null;
  const end = { dx: Math.min(1, Math.max(0, at.dx)), dy: Math.min(1, Math.max(0, at.dy)) };
  return { crop: { ...crop, end, done: true }, send: { phase: "end", start: crop.start, end } };
}

/** Whether Escape (or the browser leaving its full screen) takes this crop away, rather than leaving the viewer. */
export const cropOpen = (crop: OwnCropState | null) => crop !== null && !crop.done;

/** The rectangle drawn for a crop. */
export const cropRect = (crop: OwnCropState): FractionRect => rectBetween(crop.start, crop.end);
