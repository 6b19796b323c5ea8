// The full-screen viewer's arithmetic, kept pure so it
// can be tested without a browser:
// - the photo fits the stage ("contain") at zoom 1 and grows up to 4x;
// - a view is the zoom and the image point at the stage's centre, as fractions
//   of the image (so it means the same on every screen: the follow-the-leader
//   messages carry it);
// - the photo never moves past its edges: along an axis where it is smaller
//   than the stage it stays centred, along one where it is larger its edges
//   never come inside the stage;
// - zooming keeps the image point under the pointer where it is;
// - a screen point maps to image fractions and back, so a pointer or crop sent
//   as fractions lands on the same spot of the photo for every viewer,
//   whatever their zoom, pan, window size or device pixel ratio (CSS pixels
//   throughout; device pixels never enter).

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** How much one '+' or '-' key press, or one wheel notch, changes the zoom. */
export const ZOOM_STEP = 1.25;

export type Size = { width: number; height: number };
export type Point = { x: number; y: number };
/** A point of the image as fractions of its width and height (0..1). */
export type Fraction = { dx: number; dy: number };
/** What a viewer shows: the zoom and the image point (fractions) at the stage's centre. */
export type View = { zoom: number; centerX: number; centerY: number };
/** Where the image sits in the stage, in CSS pixels: its top-left corner and its shown size. */
export type Layout = { left: number; top: number; width: number; height: number };
/** A rectangle on the image as fractions (a crop). */
export type FractionRect = { x: number; y: number; width: number; height: number };

export const INITIAL_VIEW: View = { zoom: 1, centerX: 0.5, centerY: 0.5 };

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export const clampZoom = (zoom: number) => (Number.isFinite(zoom) ? clamp(zoom, MIN_ZOOM, MAX_ZOOM) : MIN_ZOOM);

export const clampFraction = (value: number) => (Number.isFinite(value) ? clamp(value, 0, 1) : 0.5);

/** The photo's size at zoom 1: as large as fits the stage, keeping its proportions. */
export function fitSize(stage: Size, image: Size): Size {
  if (image.width <= 0 || image.height <= 0 || stage.width <= 0 || stage.height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(stage.width / image.width, stage.height / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

/** The centre fraction along one axis, kept so the image's edges never come inside the stage. */
function clampCenter(center: number, shown: number, stage: number) {
  if (shown <= stage) return 0.5;
  const half = stage / 2 / shown;
  return clamp(Number.isFinite(center) ? center : 0.5, half, 1 - half);
}

/** The view made valid: zoom within 1..4, centre such that the photo does not move past its edges. */
export function clampView(stage: Size, image: Size, view: View): View {
  const zoom = clampZoom(view.zoom);
  const fit = fitSize(stage, image);
  return {
    zoom,
    centerX: clampCenter(view.centerX, fit.width * zoom, stage.width),
    centerY: clampCenter(view.centerY, fit.height * zoom, stage.height),
  };
}

/** Where the image sits for a view (clamped first). */
export function layoutOf(stage: Size, image: Size, view: View): Layout {
  const { zoom, centerX, centerY } = clampView(stage, image, view);
  const fit = fitSize(stage, image);
  const width = fit.width * zoom;
  const height = fit.height * zoom;
  return { left: stage.width / 2 - centerX * width, top: stage.height / 2 - centerY * height, width, height };
}

/** The view for an image placed at `left, top` at a zoom (the inverse of layoutOf, then clamped). */
export function viewOfOffset(stage: Size, image: Size, zoom: number, offset: Point): View {
  const fit = fitSize(stage, image);
  const z = clampZoom(zoom);
  const width = fit.width * z;
  const height = fit.height * z;
  if (width <= 0 || height <= 0) return { zoom: z, centerX: 0.5, centerY: 0.5 };
  return clampView(stage, image, {
    zoom: z,
    centerX: (stage.width / 2 - offset.x) / width,
    centerY: (stage.height / 2 - offset.y) / height,
  });
}

/** The image point (fractions, not clamped: outside the photo reads below 0 or above 1) under a stage point. */
export function fractionAt(layout: Layout, point: Point): Fraction {
  return { dx: (point.x - layout.left) / layout.width, dy: (point.y - layout.top) / layout.height };
}

/** The stage point over an image point. */
export function pointAt(layout: Layout, fraction: Fraction): Point {
  return { x: layout.left + fraction.dx * layout.width, y: layout.top + fraction.dy * layout.height };
}

/** Whether a fraction lies on the photo (a pointer outside it is not shared). */
export const onImage = (fraction: Fraction) =>
  fraction.dx >= 0 && fraction.dx <= 1 && fraction.dy >= 0 && fraction.dy <= 1;

/**
 * Zoom to `zoom` keeping the image point under `about` (a stage point, the
 * pointer; the stage's centre for the keys) where it is, as far as the edges allow.
 */
export function zoomAbout(stage: Size, image: Size, view: View, zoom: number, about: Point): View {
  const before = layoutOf(stage, image, view);
  const held = fractionAt(before, about);
  const z = clampZoom(zoom);
  const fit = fitSize(stage, image);
  const offset = { x: about.x - held.dx * fit.width * z, y: about.y - held.dy * fit.height * z };
  return viewOfOffset(stage, image, z, offset);
}

/** The view moved by a drag of `by` CSS pixels (the photo follows the pointer), clamped at the edges. */
export function panBy(stage: Size, image: Size, view: View, by: Point): View {
  const layout = layoutOf(stage, image, view);
  return viewOfOffset(stage, image, view.zoom, { x: layout.left + by.x, y: layout.top + by.y });
}

/**
 * Where a point on one viewer's screen shows on another's: through the image
 * fraction both share (what the live layer sends), whatever their zoom, pan and size.
 */
export function mapBetween(from: Layout, to: Layout, point: Point): Point {
  return pointAt(to, fractionAt(from, point));
}

/** The zoom after a wheel turn: one step in per notch up (negative deltaY), out per notch down. */
export function wheelZoom(zoom: number, deltaY: number): number {
  if (deltaY === 0) return clampZoom(zoom);
  // Trackpads send many small deltas; a notch of a mouse wheel is about 100.
  const notches = clamp(deltaY / 100, -4, 4);
  return clampZoom(zoom * Math.pow(ZOOM_STEP, -notches));
}

/** The rectangle between two image points (any corner first), kept on the photo. */
export function rectBetween(a: Fraction, b: Fraction): FractionRect {
  const x1 = clampFraction(Math.min(a.dx, b.dx));
  const y1 = clampFraction(Math.min(a.dy, b.dy));
  const x2 = clampFraction(Math.max(a.dx, b.dx));
  const y2 = clampFraction(Math.max(a.dy, b.dy));
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/** A `crop=x,y,w,h` search parameter (fractions) read back; null when it is not a rectangle on the photo. */
export function parseRectParam(value: string | null): FractionRect | null {
  if (!value) return null;
  const parts = value.split(",").map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return null;
  const [x, y, width, height] = parts as [number, number, number, number];
  if (x < 0 || y < 0 || width <= 0 || height <= 0 || x + width > 1.000001 || y + height > 1.000001) return null;
  return { x, y, width, height };
}

/** A rectangle as a `crop=` value, to four places (a tenth of a pixel on a 10,000 px photo is plenty). */
export const rectParam = (rect: FractionRect) =>
  [rect.x, rect.y, rect.width, rect.height].map((value) => Number(value.toFixed(4))).join(",");

/**
 * Pinch-zoom with two fingers: the view that started as `start` while the
 * fingers were at `from`, now that they are at `to`. The zoom follows the
 * distance between the fingers (about where they started), and the photo
 * follows the point halfway between them (two fingers also pan).
 */
export function pinchView(stage: Size, image: Size, start: View, from: [Point, Point], to: [Point, Point]): View {
  const before = distance(from[0], from[1]);
  if (before <= 0) return clampView(stage, image, start);
  const startMid = midpoint(from[0], from[1]);
  const mid = midpoint(to[0], to[1]);
  const zoomed = zoomAbout(stage, image, start, start.zoom * (distance(to[0], to[1]) / before), startMid);
  return panBy(stage, image, zoomed, { x: mid.x - startMid.x, y: mid.y - startMid.y });
}

/** The distance between two touch points, for pinch-zoom. */
export const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The point halfway between two touch points. */
export const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
