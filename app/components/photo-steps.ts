// Without JavaScript the owner's forms are steps of the page's address: Edit
// opens the form (?editPhoto=), Delete asks first (?deletePhoto=), and each
// plain post carries a returnTo to come back to (with the flash message).
import { useLocation, useSearchParams } from "react-router";

export const EDIT_PHOTO_STEP = "editPhoto";
export const DELETE_PHOTO_STEP = "deletePhoto";

/** This page's address with the query changed (null removes a name). */
export function useHereWith() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
}

/** Whether the address opens this photo's step (?editPhoto={id}, ?deletePhoto={id}). */
export function usePhotoStep(step: typeof EDIT_PHOTO_STEP | typeof DELETE_PHOTO_STEP, photoId: number) {
  const [search] = useSearchParams();
  return search.get(step) === String(photoId);
}
