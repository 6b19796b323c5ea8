import { z } from "zod";

// Responsive photo images: which widths a photo's sizes come in and the `<img>`
// attributes that let the browser pick one by the screen, so a phone showing
// one column downloads a 640 px thumbnail, not the 1,024 px one, and the photo
// detail's large size follows the screen's width too. The narrower copies are
// made from the stored size when first asked for (/media/photos/{id}/{size}?w=).

/** The narrower widths each size is offered in, beside its own (thumb 1,024 px, large 3,840 px). */
export const IMAGE_WIDTHS = { thumb: [320, 640], large: [1280, 2048] } as const;
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
 * The grids' `sizes`: one column on a phone, then two, three and four (spec: the
 * home grid is 1/2/3/4 columns by breakpoint, photos.css: 560, 860, 1,100 px), within the
 * page's 1,200 px column.
 */
export const GRID_SIZES = "(max-width: 559px) 100vw, (max-width: 859px) 50vw, (max-width: 1099px) 33vw, 290px";

/** The `<img>` attributes of a thumbnail in a grid. */
export function gridImageAttributes(photo: { thumbUrl: string; width?: number | null }) {
  return { src: photo.thumbUrl, srcSet: imageSrcSet(photo.thumbUrl, "thumb", photo.width), sizes: GRID_SIZES };
}

/** The photo detail's image: the large size chosen by the screen's width (the page's column at most). */
export function detailImageAttributes(photo: {
  largeUrl: string | null;
  thumbUrl: string | null;
  width?: number | null;
}) {
  if (!photo.largeUrl) return { src: photo.thumbUrl ?? "" };
  return { src: photo.largeUrl, srcSet: imageSrcSet(photo.largeUrl, "large", photo.width), sizes: "100vw" };
}

/** The media route's query: an offered width, or none for the stored size. */
export const ImageWidthQuerySchema = z.object({
  w: z
    .string()
    .regex(/^\d{3,4}$/)
    .transform(Number)
    .optional(),
});
