import { Suspense, use, type ComponentProps } from "react";
import type * as EditFormModule from "./photo-edit-form";
import { loadPhotoEditForm } from "./load-photo-edit-form";

/**
 * The photo's edit form (the detail's, the upload page's), its code fetched when
 * first shown. No Suspense boundary of its own: React's server outlines a
 * large boundary's content behind its fallback, which a browser without
 * JavaScript never swaps. The server has the code already (a grid's loader
 * awaits it before a photo is shown); a page opened on the form hydrates once it
 * has come (with no boundary above it, React's hydration waits for it); the
 * detail opens it in a transition (the page
 * stays as it is until the code is in); the upload page has its own boundary.
 */
export function LazyPhotoEditForm(props: ComponentProps<typeof EditFormModule.PhotoEditForm>) {
  const { PhotoEditForm } = use(loadPhotoEditForm());
  return <PhotoEditForm {...props} />;
}

/** The form with a boundary of its own, for a page the server never renders it on (the upload page). */
export function PhotoEditFormWhenLoaded(props: ComponentProps<typeof EditFormModule.PhotoEditForm>) {
  return (
    <Suspense fallback={<p className="muted">Opening the form…</p>}>
      <LazyPhotoEditForm {...props} />
    </Suspense>
  );
}

/** Handlers for Edit: the form's code is fetched on the way to the click. */
export const prefetchPhotoEditForm = {
  onPointerOver: () => void loadPhotoEditForm(),
  onFocus: () => void loadPhotoEditForm(),
  onTouchStart: () => void loadPhotoEditForm(),
};
