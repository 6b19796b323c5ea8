import { cropPicture, cropPictureEtag } from "~/images/crop-picture.server";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { commentCropSource } from "~/services/ratings/comment-crops.server";
import { notFoundResponse } from "~/storage/respond.server";

// GET /media/comments/:commentId/crop: the small picture of the region a comment
// is about, for members who may see the photo (as its large size).
//
// Made on request, not kept in storage: a crop picture is small (at most 480 px)
// and quick to cut, each reader's browser keeps it (private, a day, like the
// large size) and asks again with its ETag (304, nothing cut), and nothing is
// left in storage to remove when the comment or the photo goes. The ETag names
// the large image and the rectangle, which never change for a comment (editing
// keeps its crop).
const resource = apiRoute({
  params: { commentId: idParam() },
  methods: ({ anyone }) => ({
    GET: anyone(async ({ request, viewer, params }) => {
      const source = await commentCropSource(viewer, params.commentId);
      const etag = cropPictureEtag(source.largeKey, source.crop);
      const headers = new Headers({
        "Content-Type": "image/jpeg",
        ETag: etag,
        "Cache-Control": source.cacheControl,
        "X-Content-Type-Options": "nosniff",
      });
      if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
      const picture = await cropPicture(source.largeKey, source.crop);
      if (!picture) return notFoundResponse();
      headers.set("Content-Length", String(picture.length));
      return new Response(new Uint8Array(picture), { status: 200, headers });
    }),
  }),
});

export const loader = resource.loader;
