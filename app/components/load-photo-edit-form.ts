// The owner's edit form (Conform and the photo schemas' zod: about 37 KB gzip),
// fetched when an owner edits or points at Edit, or chooses files to upload,
// not with every photo page.
import { moduleLoader } from "./module-loader";

export const loadPhotoEditForm = moduleLoader(() => import("./photo-edit-form"));
