import { z } from "zod";
import type { Route } from "./+types/photos.features";
import { fieldErrorsFromZod } from "~/lib/field-errors";
import { apiHandler, jsonError, readJson, ValidationError } from "~/server/http.server";
import { FeatureOrderSchema } from "~/lib/photo-schemas";
import { reorderFeatures } from "~/services/photos/features.server";
import { currentMember } from "~/services/auth/session.server";

const ParamsSchema = z.object({
  userId: z.coerce.number().int().positive(),
  year: z
    .string()
    .regex(/^\d{4}$/)
    .transform(Number),
});

// PUT /api/photos/features/{userId}/{year} {photoIds: [...]}: the member's new order
// for that year's featured photos, first to last; answers the year in its new order.
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return jsonError(405, "Method Not Allowed");
  return apiHandler(async () => {
    const target = ParamsSchema.safeParse(params);
    if (!target.success) return jsonError(404, "Not Found");
    const viewer = await currentMember(request);
    if (!viewer) return jsonError(401, "Please log in.");
    const parsed = FeatureOrderSchema.safeParse(await readJson(request));
    if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
    return Response.json(await reorderFeatures(viewer, target.data.userId, target.data.year, parsed.data.photoIds));
  });
}

export const loader = () => jsonError(405, "Method Not Allowed");
