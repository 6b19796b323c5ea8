// The owner's edit form (Conform and zod, about 37 KB gzip): fetched when needed, not with every photo page.
import { moduleLoader } from "./module-loader";

export const loadPhotoEditForm = moduleLoader(() => import("./photo-edit-form"));
