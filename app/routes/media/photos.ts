import type { Route } from "./+types/photos";
import { photoMediaAnswer, presignedImageUrl, REDIRECT_MAX_AGE_SECONDS } from "~/server/media/photo-media.server";
import { currentMember } from "~/services/auth/session.server";
import { notFoundResponse, storedObjectResponse } from "~/storage/respond.server";
import { storage } from "~/storage/storage.server";
import { page } from "~/server/pages.server";

// GET /media/photos/:photoId/:size[?v=][&w=] (thumb | large): a photo's derived image as
// the viewer may see it (visitors: thumbnails of photos they may see; members: both).
// Browsers are answered by the cheap path before React Router
// (app/server/media/photo-media-route.server.ts); this module gives the route table
// the same answers (photo-media.server.ts decides both), and other methods 405.
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const decided = await photoMediaAnswer(currentMember(request), params, query);
  if (decided.kind === "not-found") return notFoundResponse();
  if (decided.kind === "redirect") {
    return new Response(null, {
      status: 302,
      headers: { Location: decided.location, "Cache-Control": "private, no-store" },
    });
  }
  const presigned = await presignedImageUrl(storage(), decided);
  if (presigned) {
    return new Response(null, {
      status: 302,
      headers: { Location: presigned, "Cache-Control": `private, max-age=${REDIRECT_MAX_AGE_SECONDS}` },
    });
  }
  return storedObjectResponse(request, decided.key, { cacheControl: decided.cacheControl });
});
