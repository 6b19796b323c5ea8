// The narrower copies of a photo's derived sizes that responsive images ask for
// (app/lib/photo-images.ts): made from the stored size the first time a width is
// asked for, stored beside it, and served from storage after that. Photos made
// before responsive images get theirs this way too, with no backfill to run.
import sharp from "sharp";
import { storage } from "~/storage/storage.server";
import { widthKey } from "~/storage/keys.server";

const making = new Map<string, Promise<string | null>>();
// The copies known to be stored, so a grid's every request does not stat them
// again (a copy's bytes never change; it goes only with its photo, whose
// permission check answers 404 first). Bounded, oldest first out.
const made = new Set<string>();
const MAX_KNOWN = 50_000;

function remember(key: string) {
  if (made.size >= MAX_KNOWN) made.delete(made.values().next().value!);
  made.add(key);
}

/** The key of `key`'s copy `width` px wide, made when missing; null when `key` itself is missing. */
export function imageAtWidth(key: string, width: number): Promise<string | null> {
  const narrower = widthKey(key, width);
  if (made.has(narrower)) return Promise.resolve(narrower);
  let pending = making.get(narrower);
  if (!pending) {
    // Several viewers of a new grid ask at once: one of them makes it.
    pending = makeWidth(key, narrower, width).finally(() => making.delete(narrower));
    making.set(narrower, pending);
  }
  return pending;
}

async function makeWidth(key: string, narrower: string, width: number): Promise<string | null> {
  if (await storage().stat(narrower)) {
    remember(narrower);
    return narrower;
  }
  const source = await storage().read(key);
  if (!source) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of source.stream) chunks.push(chunk as Buffer);
  const webp = key.endsWith(".webp");
  const resized = sharp(Buffer.concat(chunks)).resize({ width, withoutEnlargement: true });
  const bytes = await (webp ? resized.webp({ quality: 78 }) : resized.jpeg({ quality: 85, mozjpeg: true })).toBuffer();
  await storage().put(narrower, bytes, { contentType: webp ? "image/webp" : "image/jpeg", size: bytes.length });
  remember(narrower);
  return narrower;
}
