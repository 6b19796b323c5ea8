import { Readable } from "node:stream";
import type { Route } from "./+types/photo";
import { IdSegmentSchema } from "~/services/id-params.server";
import { page } from "~/server/pages.server";
import { judgedEntry } from "~/services/competitions/judging.server";
import { countJudgeRequest } from "~/services/competitions/judges.server";
import { notFoundResponse } from "~/storage/respond.server";
import { storage } from "~/storage/storage.server";

// GET /judge/{token}/photos/{photoId}/{thumb|large}: an entry's picture for its judge. Never cached,
// and without Last-Modified: the picture's date would tell when its member uploaded it.
export const loader = page(async ({ params, context }: Route.LoaderArgs) => {
  await countJudgeRequest(context.clientAddress);
  const photoId = IdSegmentSchema.safeParse(params.photoId);
  if (!photoId.success || (params.size !== "thumb" && params.size !== "large")) return notFoundResponse();
  const { entry } = await judgedEntry(params.token, photoId.data);
  const key = params.size === "thumb" ? entry.thumbKey : entry.largeKey;
  const object = key ? await storage().read(key) : null;
  if (!object) return notFoundResponse();
  return new Response(Readable.toWeb(object.stream) as ReadableStream, {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.size),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
});
