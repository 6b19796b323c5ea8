// Path parameters of the photo routes beyond id-params.server's idParam: a year in a
// gallery's or a featured year's path. Anything else names no page: 404.
import { isPlausibleYear } from "~/lib/photo-schemas";
import { NotFoundError } from "~/services/errors.server";
import type { GalleryYear } from "~/services/photos/galleries.server";

/** A plausible four-digit year (not '0000', not 9999), else 404 with `message`. */
export function yearParam(message = "Not found.") {
  return (raw: string | undefined): number => {
    if (raw === undefined || !/^\d{4}$/.test(raw) || !isPlausibleYear(Number(raw))) throw new NotFoundError(message);
    return Number(raw);
  };
}

/** A gallery's year: 'all' or a plausible four-digit year, else 404. */
export function galleryYearParam(raw: string | undefined): GalleryYear {
  return raw === "all" ? "all" : yearParam()(raw);
}
