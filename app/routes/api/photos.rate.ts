import { RateSchema } from "~/lib/comment-schemas";
import { apiRoute, idParam } from "~/server/api.server";
import { ratePhoto } from "~/services/ratings/ratings.server";

// POST /api/photos/{id}/rate {value}: 1-5 sets the member's rating, 0 clears it;
// answers the photo's {rating, Ratings}.
export const { loader, action } = apiRoute({
  params: { photoId: idParam("Photo not found.") },
  methods: ({ member }) => ({
    POST: member({ body: RateSchema }, ({ member, params, body }) => ratePhoto(member, params.photoId, body)),
  }),
});
