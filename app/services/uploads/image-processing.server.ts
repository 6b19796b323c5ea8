// From a claimed upload to stored derived sizes: check the bytes are an image,
// decode once, store every size, read the EXIF once, all in one
// image-processing turn (processing-gate.server.ts: the caller's, else one of
// the request's) and never inside a database transaction, which would hold a
// connection (and on the embedded database, every page) for seconds. On any
// failure nothing it wrote is left behind; killed midway, its sizes are removed
// with the claimed upload by the recovery job (recoverInterruptedUploads in
// assets.server.ts).
import fs from "node:fs/promises";
import { inTransaction } from "@db/client.server";
import { env } from "~/env.server";
import { imageFailureMessage, makeDerivatives, type SizeSpec } from "~/images/derivatives.server";
import { readPhotoFacts, type PhotoFacts } from "~/images/exif.server";
import { withinImageTurn } from "~/images/processing-gate.server";
import { SNIFF_BYTES, sniffImage } from "~/lib/image-sniff";
import { InvalidError } from "~/services/errors.server";
import { derivedKey, type DerivedSize } from "~/storage/keys.server";
import { storage } from "~/storage/storage.server";
import { pausePoint } from "./pause-points.server";

export type ProcessedImage = {
  width: number;
  height: number;
  keys: Record<DerivedSize, string>;
  facts: PhotoFacts | null;
};

const NOT_AN_IMAGE_MESSAGE = "The file is not an image (JPEG, PNG, WebP, AVIF, TIFF or HEIC).";

async function firstBytes(file: string) {
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function processImage(
  originalKey: string,
  specs: SizeSpec[],
  options: { field: string; readFacts: boolean },
): Promise<ProcessedImage> {
  if (inTransaction()) throw new Error("An image is processed before its transaction opens, never inside it.");
  return withinImageTurn(() => processInTurn(originalKey, specs, options));
}

async function processInTurn(
  originalKey: string,
  specs: SizeSpec[],
  options: { field: string; readFacts: boolean },
): Promise<ProcessedImage> {
  const refuse = (message: string): never => {
    throw InvalidError.field(options.field, message);
  };
  const store = storage();
  const maxPixels = env().UPLOAD_MAX_PIXELS;
  const original = await store.localCopy(originalKey);
  const written: string[] = [];
  try {
    if (!sniffImage(await firstBytes(original.path))) refuse(NOT_AN_IMAGE_MESSAGE);
    const [decoded, facts] = await Promise.all([
      makeDerivatives(original.path, specs, maxPixels).catch((error) => refuse(imageFailureMessage(error, maxPixels))),
      // exiftool runs in its own process, beside sharp's threads.
      options.readFacts ? readPhotoFacts(original.path) : Promise.resolve(null),
    ]);
    const keys = {} as Record<DerivedSize, string>;
    // Every write is waited for, failed or not, so none lands after the clean-up below.
    const stored = await Promise.allSettled(
      decoded.derivatives.map(async (derivative) => {
        const key = derivedKey(originalKey, derivative.size, derivative.extension);
        written.push(key);
        await store.put(key, derivative.data, { contentType: derivative.contentType, size: derivative.data.length });
        keys[derivative.size] = key;
      }),
    );
    const failed = stored.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    await pausePoint("image-sizes-stored");
    return { width: decoded.width, height: decoded.height, keys, facts };
  } catch (error) {
    await store.remove(written).catch(() => {});
    throw error;
  } finally {
    await original.release();
  }
}
