// Photo images on MinIO: after the same permission check,
// the site answers 302 to a short-lived presigned GET of the bucket (s3rver
// here, the S3 API on loopback, through the real driver), so the bucket sends
// the bytes, with the answer's Cache-Control signed in. Refusals stay 404 on
// the site: nobody who may not see an image gets a link to it.
import { describe, expect, it } from "vitest";
import { PRIVATE_IMMUTABLE, PUBLIC_IMMUTABLE } from "~/server/media/photo-media.server";
import { photoMediaUrl } from "~/services/photos/json.server";
import { useHttpApp } from "../support/http-app";
import { cookieFor, makeMember } from "../support/members";
import { featureDirectly, insertPhoto } from "../support/photos";
import { useTestStorage } from "../support/storage";

const site = useHttpApp();
useTestStorage("s3", "club-media");

const LAST_YEAR = new Date().getFullYear() - 1;

const get = (url: string, cookie?: string) =>
  fetch(url.startsWith("http") ? url : `${site.url}${url}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });

async function club() {
  const owner = await makeMember();
  const featured = await insertPhoto(owner.id, { withFiles: true });
  await featureDirectly(featured, LAST_YEAR, 1);
  const unfeatured = await insertPhoto(owner.id, { withFiles: true });
  return { featured, unfeatured, cookie: await cookieFor((await makeMember()).id) };
}

describe("photo images on MinIO", () => {
  it("redirect a member to a presigned GET that serves the bytes with the signed Cache-Control", async () => {
    const { featured, cookie } = await club();
    const redirect = await get(photoMediaUrl(featured.id, "large", featured.largeKey!), cookie);
    expect(redirect.status).toBe(302);
    // The browser keeps the redirect a while (the link it names lives longer), never a shared cache.
    expect(redirect.headers.get("Cache-Control")).toBe("private, max-age=600");
    const location = redirect.headers.get("Location")!;
    expect(location).toMatch(/X-Amz-Signature=/);
    expect(location.startsWith(site.url)).toBe(false);

    const bytes = await get(location);
    expect(bytes.status).toBe(200);
    expect(await bytes.text()).toBe("large bytes");
    expect(bytes.headers.get("Cache-Control")).toBe(PRIVATE_IMMUTABLE);
    expect(bytes.headers.get("Content-Type")).toBe("image/webp");

    // The same link again, so a revisit finds its bytes in the browser's cache.
    const again = await get(photoMediaUrl(featured.id, "large", featured.largeKey!), cookie);
    expect(again.headers.get("Location")).toBe(location);
  });

  it("redirect a visitor for a thumbnail they may see, publicly cacheable at the bucket", async () => {
    const { featured } = await club();
    const redirect = await get(photoMediaUrl(featured.id, "thumb", featured.thumbKey!));
    expect(redirect.status).toBe(302);
    const bytes = await get(redirect.headers.get("Location")!);
    expect(await bytes.text()).toBe("thumb bytes");
    expect(bytes.headers.get("Cache-Control")).toBe(PUBLIC_IMMUTABLE);
  });

  it("refuse a visitor the large size and unfeatured thumbnails on the site itself (404, no link)", async () => {
    const { featured, unfeatured } = await club();
    for (const path of [
      photoMediaUrl(featured.id, "large", featured.largeKey!),
      photoMediaUrl(unfeatured.id, "thumb", unfeatured.thumbKey!),
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("Location")).toBeNull();
    }
  });
});
