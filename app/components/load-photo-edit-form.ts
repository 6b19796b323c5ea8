// The owner's edit form (Conform and the photo schemas' zod: about 37 KB gzip),
// fetched when an owner edits or points at Edit, or chooses files to upload,
// not with every photo page.
import { moduleLoader } from "./module-loader";

export const loadPhotoEditForm = moduleLoader(() => import("./photo-edit-form"));

/** Whether the page's HTML holds an edit form (the detail opened on its edit step): entry.client.tsx waits for its code. */
export const pageHoldsPhotoEditForm = () => document.querySelector('form[aria-label="Edit photo"]') !== null;
