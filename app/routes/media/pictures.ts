import { z } from "zod";
import type { Route } from "./+types/pictures";
import { currentMember } from "~/services/auth/session.server";
import { pictureObject } from "~/services/members/pictures.server";
import { notFoundResponse, PUBLIC_MEDIA_MAX_AGE_SECONDS, storedObjectResponse } from "~/storage/respond.server";

const ParamsSchema = z.object({ assetId: z.coerce.number().int().positive(), size: z.enum(["thumb", "large"]) });

// GET /media/pictures/:assetId/:size: a member's profile picture. Visitors see the
// pictures of public, active members (the directory shows them); members see all.
export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) return notFoundResponse();
  const picture = await pictureObject(parsed.data.assetId, parsed.data.size);
  if (!picture) return notFoundResponse();
  if (!picture.visibleToVisitors && !(await currentMember(request))) return notFoundResponse();
  // A URL's bytes never change (a new picture gets a new asset id), but who may see
  // them does: a member who stops being public must drop out of shared caches
  // within a bounded time, and a picture only members may see is never stored
  // by them at all; the member's own browser asks again (a cheap 304) each time.
  return storedObjectResponse(request, picture.key, {
    cacheControl: picture.visibleToVisitors ? `public, max-age=${PUBLIC_MEDIA_MAX_AGE_SECONDS}` : "private, no-cache",
  });
}
