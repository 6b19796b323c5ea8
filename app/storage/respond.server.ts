// Serves a stored object over HTTP, streamed (never buffered whole), with an
// ETag so browsers revalidate cheaply.
import { Readable } from "node:stream";
import { storage } from "./storage.server";

export async function storedObjectResponse(
  request: Request,
  key: string,
  options: { cacheControl: string },
): Promise<Response> {
  const object = await storage().read(key);
  if (!object) return new Response("Not found", { status: 404 });
  const headers = new Headers({
    "Content-Type": object.contentType,
    ETag: object.etag,
    "Last-Modified": object.lastModified.toUTCString(),
    "Cache-Control": options.cacheControl,
    "X-Content-Type-Options": "nosniff",
  });
  if (request.headers.get("If-None-Match") === object.etag) {
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
