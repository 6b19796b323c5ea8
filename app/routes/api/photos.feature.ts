import { FeatureSchema } from "~/lib/photo-schemas";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { featurePhoto } from "~/services/photos/features.server";
import { PHOTO_NOT_FOUND_MESSAGE } from "~/services/photos/ownership.server";

// POST /api/photos/{id}/feature {year, position}: the owner features the photo in a
// year (null: not featured). 422 'There are already 12 photos featured for that year.'
const resource = apiRoute({
  params: { photoId: idParam(PHOTO_NOT_FOUND_MESSAGE) },
  methods: ({ member }) => ({
    POST: member({ body: FeatureSchema }, ({ member, params, body }) => featurePhoto(member, params.photoId, body)),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
