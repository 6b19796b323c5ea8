// Who may change a photo: its owner only (access.server's requireOwner). A
// visitor is asked to log in (401), a photo that does not exist is 404, and
// any other member is refused (403).
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { photos, type PhotoRow } from "@db/schema";
import { requireLoggedIn, requireOwner, type ViewerRef } from "~/services/access.server";
import { NotFoundError } from "~/services/errors.server";

export const PHOTO_NOT_FOUND_MESSAGE = "Photo not found.";

export const photoNotFound = () => new NotFoundError(PHOTO_NOT_FOUND_MESSAGE);

/** The photo, when the viewer owns it; 401/404/403 otherwise. */
export async function photoOwnedBy(viewer: ViewerRef, photoId: number): Promise<PhotoRow> {
  requireLoggedIn(viewer);
  const [photo] = await db().select().from(photos).where(eq(photos.id, photoId)).limit(1);
  if (!photo) throw photoNotFound();
  requireOwner(viewer, photo, "Only the photo's owner may do that.");
  return photo;
}
