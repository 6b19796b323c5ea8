import { z } from "zod";
import type { Route } from "./+types/photos";
import { currentMember } from "~/services/auth/session.server";
import { photoImage } from "~/services/photos/photos.server";
import { storedObjectResponse } from "~/storage/respond.server";

const ParamsSchema = z.object({ photoId: z.coerce.number().int().positive(), size: z.enum(["thumb", "large"]) });

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });

// GET /media/photos/:photoId/:size (thumb | large): a photo's derived image as the
// viewer may see it (visitors: thumbnails of photos they may see; members: both).
export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) return notFound();
  const image = await photoImage(await currentMember(request), parsed.data.photoId, parsed.data.size);
  if (!image) return notFound();
  return storedObjectResponse(request, image.key, { cacheControl: image.cacheControl });
}
