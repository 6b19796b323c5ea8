import { z } from "zod";

// Responsive photo images: which widths a photo's sizes come in and the `<img>`
// attributes that let the browser pick one by the screen, so a phone showing
// one column downloads a 768 px thumbnail (358 px wide at DPR 2), not the 1,024 px
// one, a desktop's four columns 320 px ones, and the photo detail's large size
// follows the screen's width too, and the presenter's screen its own (a
// 1920x1080 share gets the 1,920 px copy). The narrower copies are made from
// the stored size when first asked for (/media/photos/{id}/{size}?w=).

/**
 * The narrower widths each size is offered in, beside its own (thumb 1,024 px,
 * large 3,840 px). 1,920 is the common width of a shared screen or a projector.
 */
export const IMAGE_WIDTHS = { thumb: [320, 768], large: [768, 1280, 1920, 2048] } as const;
const FULL_WIDTH = { thumb: 1024, large: 3840 } as const;

export type ImageSize = keyof typeof IMAGE_WIDTHS;

/** Whether `w` is a width this size is offered in (the media route refuses any other). */
export function isOfferedWidth(size: ImageSize, width: number): boolean {
  return (IMAGE_WIDTHS[size] as readonly number[]).includes(width);
}

/**
 * `srcSet` over the narrower widths and the stored size. A photo narrower than a
 * width gains nothing from it (sizes never enlarge), so those are left out.
 */
export function imageSrcSet(url: string, size: ImageSize, photoWidth?: number | null): string {
  const widest = photoWidth ? Math.min(photoWidth, FULL_WIDTH[size]) : FULL_WIDTH[size];
  const narrower = IMAGE_WIDTHS[size].filter((width) => width < widest);
  const join = url.includes("?") ? "&" : "?";
  return [...narrower.map((width) => `${url}${join}w=${width} ${width}w`), `${url} ${widest}w`].join(", ");
}

/** The screen widths from which a grid has two, three and four columns (photos.css). */
const GRID_COLUMNS_FROM = [560, 860, 1100] as const;

/**
 * A card's width in a grid of one to four columns with 1 rem gaps, in the page's
 * column (100vw less its 1 rem sides, at most 1,168 px), for `sizes`: the columns
 * begin at the given screen widths.
 */
function columnSizes([two, three, four]: readonly [number, number, number]) {
  return (
    `(max-width: ${two - 1}px) calc(100vw - 2rem), (max-width: ${three - 1}px) calc(50vw - 1.5rem), ` +
    `(max-width: ${four - 1}px) calc(33.3vw - 1.34rem), min(25vw - 1.25rem, 280px)`
  );
}

/** The grids' `sizes`, the width a card really takes (the contract: 1/2/3/4 columns by breakpoint). */
export const GRID_SIZES = columnSizes(GRID_COLUMNS_FROM);

/**
 * The meeting page's cards: as many 15 rem columns with 1 rem gaps as fit the page's column
 * (meeting-submissions.css), n of them from 16 rem + n x 16 rem of screen, four at most.
 */
export const MEETING_SIZES = columnSizes([528, 784, 1040]);

/**
 * The `<img>` attributes of a thumbnail in a grid; the `index`th card of the grid.
 * The first card is the first photo on every screen: fetched at once, ahead of
 * everything but the page's CSS (and the page's scripts wait for it:
 * first-photo-first.server.ts). The rest of the first row is preloaded only where
 * the screen is wide enough to show it (gridImagePreload); every other card is
 * fetched when scrolled near, so a phone's one column asks for one photo first.
 */
export function gridImageAttributes(
  photo: { thumbUrl: string; width?: number | null },
  index?: number,
  sizes = GRID_SIZES,
) {
  // Loading and sizes first: a browser making the <img> in script picks by them as src is set.
  return {
    loading: index === 0 ? ("eager" as const) : ("lazy" as const),
    fetchPriority: index === 0 ? ("high" as const) : undefined,
    sizes,
    srcSet: imageSrcSet(photo.thumbUrl, "thumb", photo.width),
    src: photo.thumbUrl,
  };
}

/**
 * The preload of the `index`th card's thumbnail when it is in the grid's first row
 * after the first (ReactDOM.preload's arguments), for the screens wide enough to
 * put it there: the second card from two columns on, the third from three, the
 * fourth from four. Its srcset and sizes are the `<img>`'s, so the browser picks
 * the same copy for both and the lazy `<img>` finds it fetched.
 */
export function gridImagePreload(photo: { thumbUrl: string; width?: number | null }, index?: number) {
  const from = index === undefined || index < 1 ? undefined : GRID_COLUMNS_FROM[index - 1];
  if (from === undefined) return null;
  return {
    href: photo.thumbUrl,
    options: {
      as: "image" as const,
      imageSrcSet: imageSrcSet(photo.thumbUrl, "thumb", photo.width),
      imageSizes: GRID_SIZES,
      fetchPriority: "high" as const,
      media: `(min-width: ${from}px)`,
    },
  };
}

/** The detail's image is at most the page's column wide and 80 % of the screen high (photos.css). */
const DETAIL_MAX_HEIGHT_VH = 80;

/**
 * The photo detail's image: the large size chosen by the screen's width (the
 * thumbnail for visitors), in a box of the photo's shape reserved before it
 * loads, as wide as it will be shown: the page's column, at most 80 % of the
 * screen high, never wider than the image itself.
 */
export function detailImageAttributes(photo: {
  largeUrl: string | null;
  thumbUrl: string | null;
  width?: number | null;
  height?: number | null;
}) {
  const { width, height } = photo;
  const known = Boolean(width && height && width > 0 && height > 0);
  const ratio = known ? width! / height! : null;
  // As wide as the column (beside the 22 rem details from 960 px, photos.css), or as the screen's height allows.
  const tall = ratio ? `, ${(DETAIL_MAX_HEIGHT_VH * ratio).toFixed(2)}vh` : "";
  const shown = `(min-width: 960px) min(100vw - 25.25rem, 796px${tall}), min(100vw - 2rem${tall})`;
  // The page's largest paint: asked for first.
  const box = (widest: number | null) =>
    known
      ? {
          fetchPriority: "high" as const,
          width: width!,
          height: height!,
          style: {
            aspectRatio: `${width} / ${height}`,
            width: `min(100%, ${(DETAIL_MAX_HEIGHT_VH * ratio!).toFixed(2)}vh${widest ? `, ${widest}px` : ""})`,
            height: "auto",
          },
        }
      : { fetchPriority: "high" as const };
  if (!photo.largeUrl) {
    // Visitors: the thumbnail alone, shown no wider than itself.
    return { src: photo.thumbUrl ?? "", ...box(width ? Math.min(width, FULL_WIDTH.thumb) : null) };
  }
  return { sizes: shown, srcSet: imageSrcSet(photo.largeUrl, "large", width), src: photo.largeUrl, ...box(null) };
}

/**
 * The presenter's photo (/meetings/{id}/present): the large size, as wide as the
 * screen allows, never wider than `stageVh` of the screen's height lets a photo
 * of its shape be, so the browser asks for the narrowest copy that fills it (a
 * 1920x1080 screen at DPR 1: the 1,920 px copy, never the 3,840 px one).
 */
export function presenterImageAttributes(
  photo: { largeUrl: string | null; thumbUrl: string | null; width?: number | null; height?: number | null },
  stageVh: number,
) {
  const { width, height } = photo;
  const ratio = width && height && width > 0 && height > 0 ? width / height : null;
  const sizes = ratio ? `min(100vw, ${(stageVh * ratio).toFixed(2)}vh)` : "100vw";
  if (!photo.largeUrl) return { src: photo.thumbUrl ?? "" };
  return { sizes, srcSet: imageSrcSet(photo.largeUrl, "large", width), src: photo.largeUrl };
}

/**
 * The full-screen viewer's large image: the narrowest offered copy at least
 * `cssWidth` (the photo's width on the stage, zoom included) times the device
 * pixel ratio, within 5 % (a 390 px phone at DPR 2 needs 780 px: the 768 px
 * copy), else the stored size. A 390 px phone starts from a narrow copy; zooming
 * in asks for a wider one only when the shown pixels need it.
 */
export function viewerImageWidth(cssWidth: number, pixelRatio: number): number | null {
  const needed = (cssWidth * pixelRatio) / 1.05;
  return IMAGE_WIDTHS.large.find((width) => width >= needed) ?? null;
}

/** The address of the large size at a viewerImageWidth (null: the stored size). */
export function largeImageUrl(url: string, width: number | null): string {
  return width ? `${url}${url.includes("?") ? "&" : "?"}w=${width}` : url;
}

/**
 * The media route's query: an offered width, or none for the stored size. Marked
 * pure so the pages' bundles, which never read it, leave zod out.
 */
export const ImageWidthQuerySchema = /* @__PURE__ */ z.object({
  w: /* @__PURE__ */ z
    .string()
    .regex(/^\d{3,4}$/)
    .transform(Number)
    .optional(),
});
