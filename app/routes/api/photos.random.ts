import { apiRoute } from "~/server/api.server";
import { randomPhotos } from "~/services/photos/photos.server";

// GET /api/photos/random: random featured photos (the home page's), as the viewer may see them.
export const { loader, action } = apiRoute({
  methods: ({ anyone }) => ({
    GET: anyone(({ viewer }) => randomPhotos(viewer)),
  }),
});
