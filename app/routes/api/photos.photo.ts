import { PhotoEditSchema } from "~/lib/photo-schemas";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { deletePhoto, getPhoto, updatePhoto } from "~/services/photos/photos.server";
import { PHOTO_NOT_FOUND_MESSAGE } from "~/services/photos/ownership.server";

// GET /api/photos/{id}: the photo as the viewer may see it.
// PATCH (or PUT) /api/photos/{id}: the owner's form fields, or notes only.
// DELETE /api/photos/{id}: the owner removes it (204).
const resource = apiRoute({
  params: { photoId: idParam(PHOTO_NOT_FOUND_MESSAGE) },
  methods: ({ anyone, member }) => {
    const update = member({ body: PhotoEditSchema }, ({ member, params, body }) =>
      updatePhoto(member, params.photoId, body),
    );
    return {
      GET: anyone(({ viewer, params }) => getPhoto(viewer, params.photoId)),
      PATCH: update,
      PUT: update,
      DELETE: member(async ({ member, params }) => {
        await deletePhoto(member, params.photoId);
      }),
    };
  },
});

export const loader = resource.loader;
export const action = resource.action;
