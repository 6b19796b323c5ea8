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

/**
 * The grids' `sizes`, the width a card really takes: the page's column (100vw
 * less its 1 rem sides, at most 1,168 px) in one column on a phone, then two,
 * three and four with 1 rem gaps (spec: 1/2/3/4 columns by breakpoint,
 * photos.css: 560, 860, 1,100 px).
 */
export const GRID_SIZES =
  "(max-width: 559px) calc(100vw - 2rem), (max-width: 859px) calc(50vw - 1.5rem), " +
  "(max-width: 1099px) calc(33.3vw - 1.34rem), min(25vw - 1.25rem, 280px)";

/**
 * Cards in the first row at four columns, which is also a phone's first screen:
 * fetched at once (the largest of them is the page's largest paint), the rest
 * only when scrolled near.
 */
export const EAGER_CARDS = 4;

/** The `<img>` attributes of a thumbnail in a grid; the `index`th card of the grid. */
export function gridImageAttributes(photo: { thumbUrl: string; width?: number | null }, index = EAGER_CARDS) {
  // Loading and sizes first: a browser making the <img> in script picks by them as src is set.
  return {
    loading: index < EAGER_CARDS ? ("eager" as const) : ("lazy" as const),
    // The first two are asked for ahead of the scripts.
    fetchPriority: index < 2 ? ("high" as const) : undefined,
    sizes: GRID_SIZES,
    srcSet: imageSrcSet(photo.thumbUrl, "thumb", photo.width),
    src: photo.thumbUrl,
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
