import { apiRoute } from "~/server/api.server";
import { randomPhotos } from "~/services/photos/photos.server";

// GET /api/photos/random: random featured photos (the home page's), as the viewer may see them.
const resource = apiRoute({
  methods: ({ anyone }) => ({
    GET: anyone(({ viewer }) => randomPhotos(viewer)),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
