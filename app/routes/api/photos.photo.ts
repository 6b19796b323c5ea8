import { z } from "zod";
import type { Route } from "./+types/photos.photo";
import { fieldErrorsFromZod } from "~/lib/field-errors";
import { apiHandler, jsonError, readJson, ValidationError } from "~/lib/http.server";
import { PhotoPatchSchema } from "~/lib/photo-schemas";
import { photoNotFound } from "~/services/photos-access.server";
import { deletePhoto, getPhoto, updatePhoto } from "~/services/photos.server";
import { currentMember } from "~/services/session.server";

const PhotoIdSchema = z.coerce.number().int().positive();

function photoIdFrom(params: { photoId: string }) {
  const parsed = PhotoIdSchema.safeParse(params.photoId);
  if (!parsed.success) throw photoNotFound();
  return parsed.data;
}

// GET /api/photos/{id}: the photo as the viewer may see it.
export async function loader({ request, params }: Route.LoaderArgs) {
  return apiHandler(async () => Response.json(await getPhoto(await currentMember(request), photoIdFrom(params))));
}

// PATCH (or PUT) /api/photos/{id}: the owner's form fields, or notes only. DELETE: the owner removes it.
export async function action({ request, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const photoId = photoIdFrom(params);
    const viewer = await currentMember(request);
    if (request.method === "DELETE") {
      await deletePhoto(viewer, photoId);
      return new Response(null, { status: 204 });
    }
    if (request.method !== "PATCH" && request.method !== "PUT") return jsonError(405, "Method Not Allowed");
    // Ask a visitor to log in before reading what they sent.
    if (!viewer) return jsonError(401, "Please log in.");
    const parsed = PhotoPatchSchema.safeParse(await readJson(request));
    if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
    return Response.json(await updatePhoto(viewer, photoId, parsed.data));
  });
}
