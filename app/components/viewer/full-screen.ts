// How the full-screen viewer is addressed and how it asks for the browser's
// full screen. The viewer is the photo detail's own address with `?view=full`
// (browse, galleries, comments, meetings alike), so previous/next, a reload and
// the back button keep it open, and the list's order and page (sort, page) ride
// along in the same query. `crop=x,y,w,h` (image fractions) draws a rectangle
// on the photo as it opens (a comment's crop).

export const VIEW_PARAM = "view";
export const FULL_SCREEN = "full";
export const CROP_PARAM = "crop";

const BASE = "http://club.invalid";

/** `href` with a query parameter set (or removed when `value` is null), keeping the rest. */
export function withParam(href: string, name: string, value: string | null): string {
  const url = new URL(href, BASE);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The full-screen address of a photo detail's address. */
export const fullScreenHref = (href: string) => withParam(withParam(href, CROP_PARAM, null), VIEW_PARAM, FULL_SCREEN);

/** The photo detail's address without the viewer (nor its crop). */
export const detailHref = (href: string) => withParam(withParam(href, CROP_PARAM, null), VIEW_PARAM, null);

export const isFullScreen = (search: URLSearchParams) => search.get(VIEW_PARAM) === FULL_SCREEN;

type KeyboardLock = { lock?: (keys: string[]) => Promise<void>; unlock?: () => void };

/**
 * Asks for the browser's full screen, from the click that opens
 * the viewer (a browser grants it only during a person's gesture). Where it is
 * refused (an iframe, a phone browser without it), the viewer still fills the
 * window as a fixed layer. Escape is asked for too, so the first Escape can
 * cancel a crop instead of leaving full screen (Chromium; elsewhere the browser
 * takes Escape and the viewer follows, see onLeftBrowserFullScreen).
 */
export function enterBrowserFullScreen() {
  const root = document.documentElement;
  if (document.fullscreenElement || typeof root.requestFullscreen !== "function") return;
  root
    .requestFullscreen({ navigationUI: "hide" })
    .then(() => (navigator as Navigator & { keyboard?: KeyboardLock }).keyboard?.lock?.(["Escape"]))
    .catch(() => {
      // Refused: the fixed layer is the full screen.
    });
}

export function leaveBrowserFullScreen() {
  (navigator as Navigator & { keyboard?: KeyboardLock }).keyboard?.unlock?.();
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
}
