// A member's photo large enough to project (a competition's entries need a long edge of 1,600 px),
// uploaded as the browser does: announced, sent to the upload address, then made a photo.
import type { BrowserContext } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures";
import { api } from "./club-api";

/** Uploads a 2000 x 1333 px JPEG coloured by `seed` as `{name}.jpg`; the new photo's id. */
export async function uploadLargePhoto(context: BrowserContext, seed: number, name: string): Promise<number> {
  const bytes = await sharp({
    create: { width: 2000, height: 1333, channels: 3, background: { r: seed, g: 120, b: 255 - seed } },
  })
    .jpeg({ quality: 70 })
    .toBuffer();
  const announced = await api<{ signed_id: string; direct_upload: { url: string; headers: Record<string, string> } }>(
    context,
    "post",
    "/api/assets",
    { blob: { filename: `${name}.jpg`, content_type: "image/jpeg", byte_size: bytes.length } },
  );
  const put = await context.request.put(announced.direct_upload.url, {
    headers: announced.direct_upload.headers,
    data: bytes,
  });
  expect(put.ok()).toBe(true);
  const photo = await api<{ id: number }>(context, "post", "/api/photos", {
    filename: `${name}.jpg`,
    file: announced.signed_id,
  });
  return photo.id;
}
