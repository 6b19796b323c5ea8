// A single photo's Comments, filled where one photo is shown:
// GET /api/photos/{id} and the photo detail. Lists leave them empty, as a
// photo's comments would cost a query per photo.
import { canSeePhotoDetails, type ViewerRef } from "~/services/access.server";
import { commentsOfPhoto } from "~/services/ratings/comments.server";
import type { PhotoJson } from "~/lib/club-json";

/** The photo's JSON with its comments, oldest first, for members; visitors see none. */
export async function photoWithComments(viewer: ViewerRef, photo: PhotoJson): Promise<PhotoJson> {
  if (!canSeePhotoDetails(viewer)) return photo;
  return { ...photo, Comments: await commentsOfPhoto(viewer, photo.id) };
}
