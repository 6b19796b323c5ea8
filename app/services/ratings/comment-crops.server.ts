// The picture of the region a comment is about ('Comment on this crop'):
// which stored image it is cut from, for whom. It is guarded as the
// photo's large size is (members only, the photo's own visibility), since it
// is a piece of it.
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { comments } from "@db/schema";
import type { CommentCrop } from "~/lib/comment-schemas";
import { canSeePhoto, canSeePhotoDetails, type ViewerRef } from "~/services/access.server";
import { NotFoundError } from "~/services/errors.server";
import { photoImage } from "~/services/photos/photos.server";
import { cropOf } from "./comment-json.server";

export type CropSource = { largeKey: string; crop: CommentCrop; cacheControl: string };

/** The large image and the rectangle of a comment's crop, else 404 (no such comment, no crop, or not for this viewer). */
export async function commentCropSource(viewer: ViewerRef, commentId: number): Promise<CropSource> {
  const notFound = new NotFoundError("Not found");
  // As the large size: a visitor learns nothing, not even that the comment exists.
  if (!canSeePhotoDetails(viewer)) throw notFound;
  const [comment] = await db().select().from(comments).where(eq(comments.id, commentId)).limit(1);
  const crop = comment ? cropOf(comment) : null;
  if (!comment || !crop) throw notFound;
  if (!(await canSeePhoto(viewer, comment.photoId))) throw notFound;
  const large = await photoImage(viewer, comment.photoId, "large");
  return { largeKey: large.key, crop, cacheControl: large.cacheControl };
}
