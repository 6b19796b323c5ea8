// What GET /media/photos/{id}/{size}[?v=][&w=] answers, decided once for both
// ways a request reaches it: the cheap path (photo-media-route.server.ts, an
// Express route before React Router, what browsers get) and the route module
// (app/routes/media/photos.ts, which the route table and the authorization
// matrix see). The permission check reads the session's member and the photo's
// row from memory while the data versions stand still (ARCHITECTURE.md 10).
//
// Caching (ARCHITECTURE.md, convention 12): the version is a fingerprint of the stored key,
// and each derived file has a key of its own, so the bytes at a versioned URL
// never change:
// - what a visitor may see (a public member's featured photo's thumbnail):
//   `public, max-age=1 year, immutable`, but shared caches keep it an hour at
//   most (s-maxage): when the member hides their profile or un-features it, a
//   proxy stops handing it out within the hour, as before; a browser that
//   already holds the bytes keeps them (its visitor has seen them);
// - everything else: `private, max-age=1 year, immutable` (the member's own browser only);
// - a URL without a version (old links, e-mails, the API's older clients): served, cached briefly;
// - a version that is not the photo's current key's: a redirect to the current URL, never stored.
import { z } from "zod";
import { IdSegmentSchema } from "~/services/id-params.server";
import { imageAtWidth } from "~/images/image-widths.server";
import { isOfferedWidth } from "~/lib/photo-images";
import type { ViewerRef } from "~/services/access.server";
import { NotFoundError } from "~/services/errors.server";
import { MEDIA_VERSION_LENGTH, mediaVersion, photoMediaUrl } from "~/services/photos/json.server";
import { PHOTO_MEDIA_SIZES, photoImage } from "~/services/photos/photos.server";

export const IMMUTABLE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** How long a shared cache may keep an image anyone may see: who may see it can change. */
export const SHARED_MAX_AGE_SECONDS = 60 * 60;

export const PUBLIC_IMMUTABLE = `public, max-age=${IMMUTABLE_MAX_AGE_SECONDS}, s-maxage=${SHARED_MAX_AGE_SECONDS}, immutable`;
export const PRIVATE_IMMUTABLE = `private, max-age=${IMMUTABLE_MAX_AGE_SECONDS}, immutable`;

const ParamsSchema = z.object({
  photoId: IdSegmentSchema,
  size: z.enum(PHOTO_MEDIA_SIZES),
});

const QuerySchema = z.object({
  v: z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${MEDIA_VERSION_LENGTH}}$`))
    .optional(),
  // An offered width (responsive images), or none for the stored size.
  w: z
    .string()
    .regex(/^\d{3,4}$/)
    .transform(Number)
    .optional(),
});

export type PhotoMediaAnswer =
  | { kind: "not-found" }
  | { kind: "redirect"; location: string }
  | { kind: "image"; key: string; cacheControl: string; visibleToVisitors: boolean };

const NOT_FOUND: PhotoMediaAnswer = { kind: "not-found" };

/**
 * The answer for a viewer's request, from its raw path parameters and query.
 * Anything malformed, or not this viewer's to see, is not found (404): a
 * visitor learns nothing of photos they may not see. Outages throw.
 */
export async function photoMediaAnswer(
  viewer: ViewerRef | Promise<ViewerRef>,
  rawParams: Record<string, unknown>,
  rawQuery: Record<string, unknown>,
): Promise<PhotoMediaAnswer> {
  // A lookup still under way that fails after an early 404 must not go unhandled (photoImage awaits it).
  Promise.resolve(viewer).catch(() => {});
  const params = ParamsSchema.safeParse(rawParams);
  const query = QuerySchema.safeParse(rawQuery);
  if (!params.success || !query.success) return NOT_FOUND;
  const { photoId, size } = params.data;
  const { v: version, w: width } = query.data;
  if (width !== undefined && !isOfferedWidth(size, width)) return NOT_FOUND;

  let image;
  try {
    image = await photoImage(viewer, photoId, size);
  } catch (error) {
    if (error instanceof NotFoundError) return NOT_FOUND;
    throw error;
  }
  if (version !== undefined && version !== mediaVersion(image.key)) {
    // The photo's image was made again under a new key: its current URL, never these other bytes.
    const current = photoMediaUrl(photoId, size, image.key);
    return { kind: "redirect", location: width === undefined ? current : `${current}&w=${width}` };
  }
  // A narrower copy (responsive images) is made from the stored size when first asked for.
  const key = width === undefined ? image.key : await imageAtWidth(image.key, width);
  if (!key) return NOT_FOUND;
  const cacheControl =
    version === undefined ? image.cacheControl : image.visibleToVisitors ? PUBLIC_IMMUTABLE : PRIVATE_IMMUTABLE;
  return { kind: "image", key, cacheControl, visibleToVisitors: image.visibleToVisitors };
}

/** Presigned URLs (MinIO) live this long; the redirect to one is kept by the browser a part of it. */
export const PRESIGNED_SECONDS = 2 * 60 * 60;
/** A presigned URL is handed out again while it has at least this long left, so browsers find its bytes cached. */
const PRESIGNED_REUSE_SECONDS = 60 * 60;
/** How long a browser keeps the redirect to a presigned URL (well within what the URL has left). */
export const REDIRECT_MAX_AGE_SECONDS = 10 * 60;

const presigned = new Map<string, { url: string; until: number }>();
const MAX_PRESIGNED = 20_000;

/**
 * A presigned GET of the image (MinIO/S3), with the answer's Cache-Control and
 * Content-Type signed in, or null on local disk. The same URL is handed out
 * for an hour, so a revisit's redirect leads to bytes the browser already has.
 * It is a bearer link for its two hours: only ever given after the permission
 * check, to a viewer who may see the image.
 */
export async function presignedImageUrl(
  storage: {
    presignedGet(key: string, seconds: number, headers?: Record<string, string>): Promise<string | null>;
    kind: string;
  },
  answer: { key: string; cacheControl: string },
): Promise<string | null> {
  if (storage.kind !== "s3") return null;
  const cacheKey = `${answer.key} ${answer.cacheControl}`;
  const now = Date.now();
  const known = presigned.get(cacheKey);
  if (known && known.until > now) return known.url;
  const contentType = answer.key.endsWith(".webp") ? "image/webp" : "image/jpeg";
  const url = await storage.presignedGet(answer.key, PRESIGNED_SECONDS, {
    "Cache-Control": answer.cacheControl,
    "Content-Type": contentType,
  });
  if (!url) return null;
  if (presigned.size >= MAX_PRESIGNED) presigned.delete(presigned.keys().next().value!);
  presigned.set(cacheKey, { url, until: now + (PRESIGNED_SECONDS - PRESIGNED_REUSE_SECONDS) * 1000 });
  return url;
}
