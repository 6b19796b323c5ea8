// Object keys are made here and nowhere else: random, never from a file name,
// so a member cannot guess or overwrite another member's files.
import crypto from "node:crypto";

export type DerivedSize = "thumb" | "large";

/** The key for a newly announced upload's original bytes. */
export function newOriginalKey(): string {
  const id = crypto.randomUUID();
  // Two-character fan-out keeps any one folder of the local driver small.
  return `originals/${id.slice(0, 2)}/${id}`;
}

/** Where the derived sizes made from an original live. */
export function derivedKey(originalKey: string, size: DerivedSize, extension: "jpg" | "webp"): string {
  return `${originalKey.replace(/^originals\//, "derived/")}/${size}.${extension}`;
}

/** Keys must look like ours; anything else (../, absolute paths) is refused by the drivers. */
export function isSafeKey(key: string): boolean {
  return /^(originals|derived)\/[0-9a-f]{2}\/[0-9a-f-]{36}(\/(thumb|large)(-\d{3,4})?\.(jpg|webp))?$/.test(key);
}

/** A narrower copy of a derived size, made when first asked for (app/images/image-widths.server.ts). */
export function widthKey(derived: string, width: number): string {
  return derived.replace(/\.(jpg|webp)$/, `-${width}.$1`);
}
