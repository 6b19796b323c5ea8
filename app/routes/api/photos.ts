import type { Route } from "./+types/photos";
import { fieldErrorsFromZod } from "~/lib/field-errors";
import { apiHandler, jsonError, readJson, ValidationError } from "~/server/http.server";
import { linkHeader } from "~/lib/paging";
import { PhotoListQuerySchema } from "~/lib/photo-schemas";
import { requireMember } from "~/server/guards.server";
import { createPhotoFromUpload } from "~/services/uploads/photo-uploads.server";
import { getPhoto, listFeaturedPhotos, listPhotos } from "~/services/photos/photos.server";
import { currentMember } from "~/services/auth/session.server";

// GET /api/photos?userId&page&sort: one page, links to the others in the Link header.
// With a year other than 'all' (and a userId): that member's featured photos of the year, in order.
export async function loader({ request }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const url = new URL(request.url);
    const parsed = PhotoListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
    const { userId, page, sort, year } = parsed.data;
    const viewer = await currentMember(request);
    if (typeof year === "number") {
      if (userId === undefined) throw new ValidationError([{ path: "userId", message: "A year needs a userId." }]);
      return Response.json(await listFeaturedPhotos(viewer, userId, year));
    }
    const result = await listPhotos(viewer, { userId, page, sort });
    return Response.json(result.photos, {
      headers: { Link: linkHeader(url, result.page, result.pageCount), "X-Total-Count": String(result.total) },
    });
  });
}

// POST /api/photos {filename, file (signed id), license, acquireLicensePage}: a member's new photo.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method Not Allowed");
  const member = await requireMember(request);
  return apiHandler(async () => {
    const photoId = await createPhotoFromUpload(member, await readJson(request));
    return Response.json(await getPhoto(member, photoId), { status: 201 });
  });
}
