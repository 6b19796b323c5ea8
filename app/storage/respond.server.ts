// Serves a stored object over HTTP, streamed (never buffered whole), with an
// ETag so browsers revalidate cheaply.
import { Readable } from "node:stream";
import { storage } from "./storage.server";

/**
 * How long shared caches may keep media anyone may see. Bounded, because who may
 * see a URL can change (a member stops being public) even though its bytes never do.
 */
export const PUBLIC_MEDIA_MAX_AGE_SECONDS = 60 * 60;

/** 404 for media, never cached (the same URL may be shown to someone else, or later). */
export function notFoundResponse(): Response {
  return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
}

/** Whether an If-None-Match header names this ETag (one value, a list, or *). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

export async function storedObjectResponse(
  request: Request,
  key: string,
  options: { cacheControl: string },
): Promise<Response> {
  const object = await storage().read(key);
  if (!object) return notFoundResponse();
  const headers = new Headers({
    "Content-Type": object.contentType,
    ETag: object.etag,
    "Last-Modified": object.lastModified.toUTCString(),
    "Cache-Control": options.cacheControl,
    "X-Content-Type-Options": "nosniff",
  });
  if (matchesEtag(request.headers.get("If-None-Match") ?? undefined, object.etag)) {
    object.stream.destroy();
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(object.size));
  if (request.method === "HEAD") {
    object.stream.destroy();
    return new Response(null, { status: 200, headers });
  }
  return new Response(Readable.toWeb(object.stream) as ReadableStream, { status: 200, headers });
}
