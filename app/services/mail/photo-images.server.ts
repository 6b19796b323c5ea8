// A photo's thumbnail inside an e-mail. A mail client has no
// session cookie, so the members-only /media address answers it 404: the picture
// goes with the message instead, as an inline attachment its HTML names by
// `cid:`. No new public address, nothing that outlives the message.
// Which photos may go is the access layer's one rule for lists (photosListedTo:
// visible to the recipient and its author not hidden from them), so no e-mail
// carries an anonymous photo before its reveal to anyone but its owner.
// Small and bounded: a JPEG (every mail client draws one; many draw no WebP)
// MAIL_IMAGE_WIDTH px wide, at most MAX_MAIL_IMAGE_BYTES each and
// MAX_MAIL_IMAGES a message; a picture that cannot be had is left out, never
// the e-mail.
import { and, inArray } from "drizzle-orm";
import sharp from "sharp";
import { db } from "@db/client.server";
import { photos } from "@db/schema";
import { requestLog } from "~/base/logger.server";
import { photosListedTo, type ViewerRef } from "~/services/access.server";
import { storage } from "~/storage/storage.server";

/** Twice the 128 px the recap draws, so a HiDPI screen shows it sharp. */
export const MAIL_IMAGE_WIDTH = 256;
/** One picture's most, after encoding (a 256 px JPEG is 10 to 30 KB). */
export const MAX_MAIL_IMAGE_BYTES = 100_000;
/** The most pictures one e-mail carries (the recap's top three). */
export const MAX_MAIL_IMAGES = 3;
/** A stored thumbnail (1,024 px WebP) larger than this is not read for an e-mail. */
const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

/** One inline picture: nodemailer's attachment fields. */
export type MailImage = { cid: string; filename: string; contentType: "image/jpeg"; content: Buffer };

/** The photos an e-mail would show, in the order it shows them. */
export type MailPhoto = { id: number; thumbKey: string | null };

/** Pictures already encoded during one batch of e-mails, by photo id. */
export type MailImageCache = Map<number, Promise<MailImage | null>>;

/** The `src` of an inline picture in the e-mail's HTML. */
export const inlineSrc = (image: MailImage) => `cid:${image.cid}`;

async function storedBytes(key: string): Promise<Buffer | null> {
  const object = await storage().read(key);
  if (!object) return null;
  if (object.size > MAX_SOURCE_BYTES) {
    object.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of object.stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_SOURCE_BYTES) {
      object.stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The thumbnail as the e-mail's small JPEG, or null when it is missing, unreadable or too large. */
async function mailImage(photo: { id: number; thumbKey: string }): Promise<MailImage | null> {
  try {
    const source = await storedBytes(photo.thumbKey);
    if (!source) return null;
    // Our own derived file (at most 1,024 px), not a member's upload: no turn of the processing gate needed.
    const content = await sharp(source, { limitInputPixels: 1024 * 1024 * 4 })
      .resize({ width: MAIL_IMAGE_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
    if (content.length > MAX_MAIL_IMAGE_BYTES) return null;
    return {
      cid: `photo-${photo.id}@street-club`,
      filename: `photo-${photo.id}.jpg`,
      contentType: "image/jpeg",
      content,
    };
  } catch (error) {
    requestLog().warn({ err: error }, `The thumbnail of photo ${photo.id} could not go into an e-mail`);
    return null;
  }
}

/**
 * The pictures of `wanted` that an e-mail to `recipient` may carry, by photo
 * id: the first MAX_MAIL_IMAGES that have a thumbnail and that the recipient
 * may see in a list (photosListedTo). The rule is the recipient's, so a caller
 * mailing many members asks per member, passing the same `made` to each call
 * so that each picture is read and encoded once.
 */
export async function mailImagesFor(
  recipient: ViewerRef,
  wanted: MailPhoto[],
  made: MailImageCache = new Map(),
): Promise<Map<number, MailImage>> {
  const withThumb = wanted.filter((photo): photo is { id: number; thumbKey: string } => photo.thumbKey !== null);
  const images = new Map<number, MailImage>();
  if (withThumb.length === 0 || !recipient) return images;
  const allowed = await db()
    .select({ id: photos.id })
    .from(photos)
    .where(
      and(
        inArray(
          photos.id,
          withThumb.map((photo) => photo.id),
        ),
        photosListedTo(recipient),
      ),
    );
  const mayGo = new Set(allowed.map((row) => row.id));
  for (const photo of withThumb) {
    if (images.size >= MAX_MAIL_IMAGES) break;
    if (!mayGo.has(photo.id)) continue;
    let making = made.get(photo.id);
    if (!making) {
      making = mailImage(photo);
      made.set(photo.id, making);
    }
    const image = await making;
    if (image) images.set(photo.id, image);
  }
  return images;
}
