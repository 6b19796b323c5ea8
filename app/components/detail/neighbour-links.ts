// The links of a photo shown in place of its list. Apart from photo-detail.tsx,
// so the grids' routes build them without importing the detail's code (its own route's chunk).
import type { Neighbour, PhotoDetailData } from "~/lib/photo-detail-json";

export type PhotoDetailLinks = { previous: string | null; next: string | null; back: string };

/** The links of a photo shown in place of its list: each neighbour's address, and the way back to the list. */
export function neighbourLinks(
  detail: Pick<PhotoDetailData, "previous" | "next">,
  hrefOf: (neighbour: Neighbour) => string,
  back: string,
): PhotoDetailLinks {
  return {
    previous: detail.previous ? hrefOf(detail.previous) : null,
    next: detail.next ? hrefOf(detail.next) : null,
    back,
  };
}
