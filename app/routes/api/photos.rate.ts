import { RateSchema } from "~/lib/comment-schemas";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { ratePhoto } from "~/services/ratings/ratings.server";

// POST /api/photos/{id}/rate {value}: 1-5 sets the member's rating, 0 clears it;
// answers the photo's {rating, Ratings}.
const resource = apiRoute({
  params: { photoId: idParam("Photo not found.") },
  methods: ({ member }) => ({
    POST: member({ body: RateSchema }, ({ member, params, body }) => ratePhoto(member, params.photoId, body)),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
