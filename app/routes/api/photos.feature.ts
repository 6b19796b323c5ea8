import { z } from "zod";
import type { Route } from "./+types/photos.feature";
import { fieldErrorsFromZod } from "~/lib/field-errors";
import { apiHandler, jsonError, readJson, ValidationError } from "~/server/http.server";
import { FeatureSchema } from "~/lib/photo-schemas";
import { featurePhoto } from "~/services/photos/features.server";
import { photoNotFound } from "~/services/photos/ownership.server";
import { currentMember } from "~/services/auth/session.server";

// POST /api/photos/{id}/feature {year, position}: the owner features the photo in a
// year (null: not featured). 422 'There are already 12 photos featured for that year.'
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method Not Allowed");
  return apiHandler(async () => {
    const photoId = z.coerce.number().int().positive().safeParse(params.photoId);
    if (!photoId.success) throw photoNotFound();
    const viewer = await currentMember(request);
    if (!viewer) return jsonError(401, "Please log in.");
    const parsed = FeatureSchema.safeParse(await readJson(request));
    if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
    return Response.json(await featurePhoto(viewer, photoId.data, parsed.data));
  });
}

export const loader = () => jsonError(405, "Method Not Allowed");
