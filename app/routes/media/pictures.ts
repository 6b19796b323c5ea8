import { z } from "zod";
import type { Route } from "./+types/pictures";
import { IdSegmentSchema } from "~/services/id-params.server";
import { currentMember } from "~/services/auth/session.server";
import { pictureForViewer } from "~/services/members/pictures.server";
import { notFoundResponse, PUBLIC_MEDIA_MAX_AGE_SECONDS, storedObjectResponse } from "~/storage/respond.server";
import { page } from "~/server/pages.server";

const ParamsSchema = z.object({
  assetId: IdSegmentSchema,
  size: z.enum(["thumb", "large"]),
});

// GET /media/pictures/:assetId/:size: a member's profile picture. Visitors see the
// pictures of public, active members (the directory shows them); members those of active members.
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) return notFoundResponse();
  const picture = await pictureForViewer(await currentMember(request), parsed.data.assetId, parsed.data.size);
  if (!picture) return notFoundResponse();
  // A URL's bytes never change (a new picture gets a new asset id), but who may see
  // them does: a member who stops being public must drop out of shared caches
  // within a bounded time, and a picture only members may see is never stored
  // by them at all; the member's own browser asks again (a cheap 304) each time.
  return storedObjectResponse(request, picture.key, {
    cacheControl: picture.visibleToVisitors ? `public, max-age=${PUBLIC_MEDIA_MAX_AGE_SECONDS}` : "private, no-cache",
  });
});
