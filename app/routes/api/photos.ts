import { linkHeader } from "~/lib/paging";
import { NewPhotoSchema, PhotoListQuerySchema } from "~/lib/photo-schemas";
import { apiRoute } from "~/server/api.server";
import { getPhoto, listFeaturedPhotos, listPhotos } from "~/services/photos/photos.server";
import { createPhotoFromUpload } from "~/services/uploads/photo-uploads.server";

// GET /api/photos?userId&page&sort: one page, links to the others in the Link header.
// With a year other than 'all' (and a userId): that member's featured photos of the year, in order.
// POST /api/photos {filename, file (signed id), license, acquireLicensePage}: a member's new photo (201).
const resource = apiRoute({
  methods: ({ anyone, member }) => ({
    GET: anyone({ query: PhotoListQuerySchema }, async ({ viewer, url, query: { userId, page, sort, year } }) => {
      if (typeof year === "number") return listFeaturedPhotos(viewer, userId!, year);
      const result = await listPhotos(viewer, { userId, page, sort });
      return Response.json(result.photos, {
        headers: { Link: linkHeader(url, result.page, result.pageCount), "X-Total-Count": String(result.total) },
      });
    }),
    POST: member({ body: NewPhotoSchema }, async ({ member, body }) => {
      const photoId = await createPhotoFromUpload(member, body);
      return Response.json(await getPhoto(member, photoId), { status: 201 });
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
