// The photo detail's module, fetched once (lazy-photo-detail.tsx renders it;
// entry.client.tsx waits for it before hydrating a page that holds a detail).
// Apart from lazy-photo-detail.tsx, whose stylesheets the client entry must not take.
import { moduleLoader } from "../module-loader";
import { loadPhotoEditForm } from "../load-photo-edit-form";

/**
 * The detail's module. On the server with the owner's edit form too: the loaders
 * await this before a detail is rendered, and a detail opened on its edit step
 * (?editPhoto=, without JavaScript) must hold the whole form, not a fallback.
 */
export const loadPhotoDetail = moduleLoader(() =>
  typeof window === "undefined"
    ? Promise.all([import("../photo-detail"), loadPhotoEditForm()]).then(([detail]) => detail)
    : import("../photo-detail"),
);

/** Whether the page's HTML holds a photo detail (photo-detail.tsx's figure). */
export const pageHoldsPhotoDetail = () => document.querySelector(".photo-detail-image") !== null;
