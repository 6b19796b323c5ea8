// The cheap path for photo images: GET/HEAD /media/photos/{id}/{size} as an
// Express route ahead of React Router (app/server/app.ts). Thumbnails and large
// images are most of a meeting night's requests; each one here is the kept
// session and photo rows (one data-versions read), a stat and a file stream,
// without React Router's request/response conversion or web streams. It comes
// after the request log, the security headers and the body guard, like every
// request. What it answers is decided in photo-media.server.ts, which the route
// module (app/routes/media/photos.ts) shares; other methods go on to React
// Router (405).
import type { Request, RequestHandler, Response } from "express";
import { memberFromCookieHeader } from "~/services/auth/session.server";
import { UnavailableError } from "~/services/errors.server";
import { matchesEtag } from "~/storage/respond.server";
import { storage } from "~/storage/storage.server";
import { asRefusal } from "../refusals.server";
import { plainAnswer } from "../request-limits.server";
import { hotImages } from "./hot-images.server";
import { photoMediaAnswer, presignedImageUrl, REDIRECT_MAX_AGE_SECONDS } from "./photo-media.server";

export const PHOTO_MEDIA_PATH = "/media/photos/:photoId/:size";

function notFound(res: Response) {
  res.status(404).setHeader("Cache-Control", "private, no-store");
  res.type("text/plain").send("Not found");
}

async function answer(req: Request, res: Response) {
  // Not awaited here: photoImage reads the photo's row while the member is looked up.
  const viewer = memberFromCookieHeader(req.headers.cookie);
  const decided = await photoMediaAnswer(viewer, req.params, req.query as Record<string, unknown>);
  if (decided.kind === "not-found") return notFound(res);
  if (decided.kind === "redirect") {
    res.setHeader("Cache-Control", "private, no-store");
    return res.redirect(302, decided.location);
  }
  // MinIO: the bucket sends the bytes (a short-lived signed link, its Cache-Control signed in).
  const presigned = await presignedImageUrl(storage(), decided);
  if (presigned) {
    res.setHeader("Cache-Control", `private, max-age=${REDIRECT_MAX_AGE_SECONDS}`);
    return res.redirect(302, presigned);
  }
  // Thumbnails from memory once read (their bytes never change); large sizes stream from the storage.
  const object = await hotImages.read(storage(), decided.key);
  if (!object) return notFound(res);
  res.setHeader("Content-Type", object.contentType);
  res.setHeader("ETag", object.etag);
  res.setHeader("Last-Modified", object.lastModified.toUTCString());
  res.setHeader("Cache-Control", decided.cacheControl);
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (matchesEtag(req.headers["if-none-match"], object.etag)) {
    object.stream?.destroy();
    return res.status(304).end();
  }
  res.setHeader("Content-Length", String(object.size));
  if (req.method === "HEAD") {
    object.stream?.destroy();
    return res.status(200).end();
  }
  res.status(200);
  if (object.bytes) return res.end(object.bytes);
  // A reader that goes away stops the file; a file that fails mid-way ends the answer (no
  // half-sent image kept). Plain pipe, as express.static does: stream.pipeline's abort
  // signal costs a DOMException per image.
  const file = object.stream;
  file.on("error", () => res.destroy());
  res.once("close", () => file.destroy());
  file.pipe(res);
}

/** The Express handler for PHOTO_MEDIA_PATH (GET and HEAD). */
export function photoMedia(): RequestHandler {
  return (req, res, next) => {
    answer(req, res).catch((error: unknown) => {
      // A database or storage outage is a 503 like any other request's (outages.server.ts logs why).
      const refusal = asRefusal(error);
      if (refusal instanceof UnavailableError && !res.headersSent) {
        return plainAnswer(req, res, refusal.status, "Service unavailable", refusal.message);
      }
      next(error);
    });
  };
}
