import { imageAtWidth } from "~/images/image-widths.server";
import { ImageWidthQuerySchema, isOfferedWidth } from "~/lib/photo-images";
import { apiRoute, idParam } from "~/server/api.server";
import { NotFoundError } from "~/services/errors.server";
import { PHOTO_MEDIA_SIZES, photoImage, type PhotoMediaSize } from "~/services/photos/photos.server";
import { storedObjectResponse } from "~/storage/respond.server";

const sizeParam = (raw: string | undefined): PhotoMediaSize => {
  const size = PHOTO_MEDIA_SIZES.find((known) => known === raw);
  if (!size) throw new NotFoundError();
  return size;
};

// GET /media/photos/:photoId/:size[?w=] (thumb | large): a photo's derived image as the
// viewer may see it (visitors: thumbnails of photos they may see; members: both).
// Declared like an /api route for its id parsing (a malformed or out-of-range id
// is 404) and its refusals; it has no action, so other methods get React Router's 405.
const resource = apiRoute({
  params: { photoId: idParam(), size: sizeParam },
  methods: ({ anyone }) => ({
    GET: anyone({ query: ImageWidthQuerySchema }, async ({ request, viewer, params, query }) => {
      // A narrower copy (?w=, responsive images): only the widths offered, each made once when first asked for.
      if (query.w !== undefined && !isOfferedWidth(params.size, query.w)) throw new NotFoundError();
      const image = await photoImage(viewer, params.photoId, params.size);
      const key = query.w === undefined ? image.key : await imageAtWidth(image.key, query.w);
      if (!key) throw new NotFoundError();
      return storedObjectResponse(request, key, { cacheControl: image.cacheControl });
    }),
  }),
});

export const loader = resource.loader;
