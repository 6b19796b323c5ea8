// What the routes of a grid with its photos as a child route (/browse, /comments, a gallery,
// a meeting) share in the browser. The grid's route loads the opened photo's data too.
import type { ShouldRevalidateFunctionArgs } from "react-router";

/** The grid's data is asked again when the photo opened changes, which React Router's default skips (its own address is the same). */
export function shouldRevalidate({ currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentParams.photoId !== nextParams.photoId;
}
