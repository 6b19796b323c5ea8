// The narrower copies of a photo's derived sizes that responsive images ask for
// (app/lib/photo-images.ts): made from the stored size the first time a width is
// asked for, stored beside it, and served from storage after that. Photos made
// before responsive images get theirs this way too, with no backfill to run.
import sharp from "sharp";
import { storage } from "~/storage/storage.server";
import { widthKey } from "~/storage/keys.server";

const making = new Map<string, Promise<string | null>>();

/** The key of `key`'s copy `width` px wide, made when missing; null when `key` itself is missing. */
export function imageAtWidth(key: string, width: number): Promise<string | null> {
  const narrower = widthKey(key, width);
  let made = making.get(narrower);
  if (!made) {
    // Several viewers of a new grid ask at once: one of them makes it.
    made = makeWidth(key, narrower, width).finally(() => making.delete(narrower));
    making.set(narrower, made);
  }
  return made;
}

async function makeWidth(key: string, narrower: string, width: number): Promise<string | null> {
  if (await storage().stat(narrower)) return narrower;
  const source = await storage().read(key);
  if (!source) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of source.stream) chunks.push(chunk as Buffer);
  const webp = key.endsWith(".webp");
  const resized = sharp(Buffer.concat(chunks)).resize({ width, withoutEnlargement: true });
  const bytes = await (webp ? resized.webp({ quality: 78 }) : resized.jpeg({ quality: 85, mozjpeg: true })).toBuffer();
  await storage().put(narrower, bytes, { contentType: webp ? "image/webp" : "image/jpeg", size: bytes.length });
  return narrower;
}
