// Who may change a photo: its owner only. Visitors are asked to log in (401),
// other members are refused (403), and a photo that does not exist is 404.
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { photos, type PhotoRow } from "@db/schema";
import { HttpError } from "~/server/http.server";
import type { PhotoViewer } from "./json.server";

export const photoNotFound = () => new HttpError(404, "Photo not found.");

export function requireLoggedIn(viewer: PhotoViewer): asserts viewer is NonNullable<PhotoViewer> {
  if (!viewer) throw new HttpError(401, "Please log in.");
}

/** The photo, when the viewer owns it; 401/404/403 otherwise. */
export async function photoOwnedBy(viewer: PhotoViewer, photoId: number): Promise<PhotoRow> {
  requireLoggedIn(viewer);
  const [photo] = await db().select().from(photos).where(eq(photos.id, photoId)).limit(1);
  if (!photo) throw photoNotFound();
  if (photo.userId !== viewer.id) throw new HttpError(403, "Only the photo's owner may do that.");
  return photo;
}
