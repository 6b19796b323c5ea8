// A comment's crop picture: the region cut from the photo's large size, made on
// request (app/routes/media/comment-crops.ts says why), bounded to
// CROP_PICTURE_MAX_SIDE px and written without any metadata (sharp keeps none
// unless asked; the large size has none either).
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { CommentCrop } from "~/lib/comment-schemas";
import { storage } from "~/storage/storage.server";

/** The longest side of a crop picture, in px: small in the list, sharp on a 2x screen at 240 px. */
export const CROP_PICTURE_MAX_SIDE = 480;

/** The region in whole pixels of an image `width` x `height`, at least one pixel, never past its edges. */
export function cropPixels(crop: CommentCrop, width: number, height: number) {
  const left = Math.min(width - 1, Math.max(0, Math.floor(crop.x * width)));
  const top = Math.min(height - 1, Math.max(0, Math.floor(crop.y * height)));
  const right = Math.min(width, Math.max(left + 1, Math.ceil((crop.x + crop.width) * width)));
  const bottom = Math.min(height, Math.max(top + 1, Math.ceil((crop.y + crop.height) * height)));
  return { left, top, width: right - left, height: bottom - top };
}

/** The picture's version: the same large image and rectangle make the same bytes. */
export function cropPictureEtag(largeKey: string, crop: CommentCrop): string {
  const hash = createHash("sha256")
    .update(`${largeKey}|${crop.x}|${crop.y}|${crop.width}|${crop.height}|${CROP_PICTURE_MAX_SIDE}`)
    .digest("base64url")
    .slice(0, 27);
  return `"crop-${hash}"`;
}

const making = new Map<string, Promise<Buffer | null>>();

/** The JPEG of `crop` cut from the stored `largeKey`; null when the image is missing. */
export function cropPicture(largeKey: string, crop: CommentCrop): Promise<Buffer | null> {
  const etag = cropPictureEtag(largeKey, crop);
  let made = making.get(etag);
  if (!made) {
    // A list of new comments asks for each picture once per reader at about the same time: cut it once.
    made = cut(largeKey, crop).finally(() => making.delete(etag));
    making.set(etag, made);
  }
  return made;
}

async function cut(largeKey: string, crop: CommentCrop): Promise<Buffer | null> {
  const source = await storage().read(largeKey);
  if (!source) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of source.stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const { width, height } = await sharp(bytes).metadata();
  if (!width || !height) return null;
  return sharp(bytes)
    .extract(cropPixels(crop, width, height))
    .resize({
      width: CROP_PICTURE_MAX_SIDE,
      height: CROP_PICTURE_MAX_SIDE,
      fit: "inside",
      withoutEnlargement: true,
    })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
