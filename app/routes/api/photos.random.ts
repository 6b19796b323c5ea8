import type { Route } from "./+types/photos.random";
import { jsonError } from "~/server/http.server";
import { randomPhotos } from "~/services/photos/photos.server";
import { currentMember } from "~/services/auth/session.server";

// GET /api/photos/random: random featured photos (the home page's), as the viewer may see them.
export async function loader({ request }: Route.LoaderArgs) {
  return Response.json(await randomPhotos(await currentMember(request)), { headers: { "Cache-Control": "no-store" } });
}

export const action = () => jsonError(405, "Method Not Allowed");
