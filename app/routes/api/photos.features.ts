import { FeatureOrderSchema } from "~/lib/photo-schemas";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { yearParam } from "~/routes/photos/photo-params.server";
import { reorderFeatures } from "~/services/photos/features.server";

// PUT /api/photos/features/{userId}/{year} {photoIds: [...]}: the member's new order
// for that year's featured photos, first to last; answers the year in its new order.
const resource = apiRoute({
  params: { userId: idParam(), year: yearParam() },
  methods: ({ member }) => ({
    PUT: member({ body: FeatureOrderSchema }, ({ member, params, body }) =>
      reorderFeatures(member, params.userId, params.year, body.photoIds),
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
