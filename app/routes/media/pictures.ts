import { z } from "zod";
import type { Route } from "./+types/pictures";
import { currentMember } from "~/services/auth/session.server";
import { pictureObject } from "~/services/members/pictures.server";
import { storedObjectResponse } from "~/storage/respond.server";

const ParamsSchema = z.object({ assetId: z.coerce.number().int().positive(), size: z.enum(["thumb", "large"]) });

// GET /media/pictures/:assetId/:size: a member's profile picture. Visitors see the
// pictures of public, active members (the directory shows them); members see all.
export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) return new Response("Not found", { status: 404 });
  const picture = await pictureObject(parsed.data.assetId, parsed.data.size);
  if (!picture) return new Response("Not found", { status: 404 });
  if (!picture.visibleToVisitors && !(await currentMember(request))) return new Response("Not found", { status: 404 });
  // A new picture gets a new asset id, so a URL's bytes never change.
  return storedObjectResponse(request, picture.key, {
    cacheControl: picture.visibleToVisitors
      ? "public, max-age=31536000, immutable"
      : "private, max-age=31536000, immutable",
  });
}
