// The narrower copies responsive images ask for: made from the stored size on
// the first request, stored beside it, the same key after that.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageAtWidth } from "~/images/image-widths.server";
import { derivedKey, newOriginalKey, widthKey } from "~/storage/keys.server";
import { useTestStorage } from "../support/storage";

const used = useTestStorage("local");

async function storedThumbnail() {
  const key = derivedKey(newOriginalKey(), "thumb", "webp");
  const bytes = await sharp({ create: { width: 1024, height: 683, channels: 3, background: "#336699" } })
    .webp()
    .toBuffer();
  await used.storage.put(key, bytes);
  return key;
}

describe("imageAtWidth", () => {
  it("makes a 320 px copy of a stored thumbnail once, beside it, and answers its key after that", async () => {
    const key = await storedThumbnail();
    const [first, second] = await Promise.all([imageAtWidth(key, 320), imageAtWidth(key, 320)]);
    expect(first).toBe(widthKey(key, 320));
    expect(second).toBe(first);
    const object = await used.storage.read(first!);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 213]);
    expect(object!.contentType).toBe("image/webp");
    expect(await imageAtWidth(key, 320)).toBe(first);
  });

  it("answers null when the stored size is missing", async () => {
    expect(await imageAtWidth(derivedKey(newOriginalKey(), "thumb", "webp"), 640)).toBeNull();
  });
});
