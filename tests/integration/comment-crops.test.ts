// 'Comment on this crop': POST /api/comments with a crop,
// its refusals, the crop kept through an edit, the viewer's form through the
// photo forms' action, and the crop picture (/media/comments/{id}/crop): the
// region of the large size, without metadata, bounded, for members only.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { comments, photos } from "@db/schema";
import { CROP_PICTURE_MAX_SIDE } from "~/images/crop-picture.server";
import { DEFAULT_LICENSE } from "~/lib/licenses";
import { action as commentsAction } from "~/routes/api/comments";
import { action as commentAction } from "~/routes/api/comments.comment";
import { action as browseAction } from "~/routes/browse";
import { loader as cropLoader } from "~/routes/media/comment-crops";
import { commentNotificationsSettled } from "~/services/ratings/comment-notifications.server";
import type { CommentJson } from "~/services/ratings/comments.server";
import { createPhotoFromUpload } from "~/services/uploads/photo-uploads.server";
import { storage } from "~/storage/storage.server";
import { useCameraJpeg } from "../support/camera-file";
import { exifToolForThisFile } from "../support/exif-reader";
import { expectNoEmbeddedMetadata } from "../support/stripped-metadata";
import { useMailCatcher } from "../support/club-mail";
import { colourAt } from "../support/images";
import { cookieFor, formRequest, makeMember, request } from "../support/members";
import { featureDirectly, insertPhoto } from "../support/photos";
import { call } from "../support/routes";
import { useTestStorage } from "../support/storage";
import { uploadFile } from "../support/uploads";

useMailCatcher();
useTestStorage("local");
// 600x400 with EXIF orientation 6: stored upright as 400x600, red above, blue below; GPS and camera tags.
const camera = useCameraJpeg();
const reader = exifToolForThisFile();

afterAll(async () => {
  await commentNotificationsSettled();
});

const post = (json: unknown, cookie?: string) =>
  call(commentsAction, request("/api/comments", { method: "POST", json, cookie }));
const picture = (commentId: number, cookie?: string, headers: Record<string, string> = {}) =>
  call(cropLoader, request(`/media/comments/${commentId}/crop`, { cookie, headers }), {
    commentId: String(commentId),
  });

/** A member's photo made by the real upload pipeline from the camera file, and another member who comments. */
async function photoToCrop() {
  const owner = await makeMember({ firstName: "Olive" });
  const author = await makeMember({ firstName: "Ansel" });
  const ownerCookie = await cookieFor(owner.id);
  const signedId = await uploadFile(ownerCookie, camera.bytes, "IMG_0001.JPG");
  const photoId = await createPhotoFromUpload(
    { id: owner.id, license: DEFAULT_LICENSE, acquireLicensePage: null },
    { filename: "IMG_0001.JPG", file: signedId },
  );
  return { owner, author, photoId, authorCookie: await cookieFor(author.id) };
}

async function commentOn(photoId: number, cookie: string, crop: unknown, body = "Look here") {
  const response = await post({ PhotoId: photoId, body, crop }, cookie);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CommentJson;
}

async function bytesOf(response: Response) {
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function tagsOf(bytes: Buffer) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "club-crop-"));
  try {
    const file = path.join(dir, "crop.jpg");
    await fs.writeFile(file, bytes);
    return (await reader().read(file)) as Record<string, unknown>;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };
const near = (colour: { r: number; g: number; b: number }, expected: typeof RED) =>
  Math.abs(colour.r - expected.r) + Math.abs(colour.g - expected.g) + Math.abs(colour.b - expected.b) < 60;

describe("POST /api/comments with a crop", () => {
  it("stores the rectangle and answers it with the picture's address; a comment without one has null", async () => {
    const c = await photoToCrop();
    const crop = { x: 0.1, y: 0.2, width: 0.5, height: 0.25 };
    const comment = await commentOn(c.photoId, c.authorCookie, crop);
    expect(comment.crop).toEqual(crop);
    expect(comment.cropUrl).toBe(`/media/comments/${comment.id}/crop`);
    const [row] = await db().select().from(comments).where(eq(comments.id, comment.id));
    expect(row).toMatchObject({ cropX: 0.1, cropY: 0.2, cropWidth: 0.5, cropHeight: 0.25 });

    for (const none of [undefined, null]) {
      const plain = await commentOn(c.photoId, c.authorCookie, none, "Whole photo");
      expect([plain.crop, plain.cropUrl]).toEqual([null, null]);
    }
    // A crop to the photo's edges is on the photo.
    expect((await commentOn(c.photoId, c.authorCookie, { x: 0.7, y: 0.7, width: 0.3, height: 0.3 })).crop).toEqual({
      x: 0.7,
      y: 0.7,
      width: 0.3,
      height: 0.3,
    });
  });

  it("refuses crops off the photo, too small or of the wrong shape with 422 naming the field, and writes nothing", async () => {
    const c = await photoToCrop();
    const cases: [unknown, string[]][] = [
      [{ x: -0.1, y: 0, width: 0.5, height: 0.5 }, ["crop.x"]],
      [{ x: 0, y: 1.5, width: 0.5, height: 0.5 }, ["crop.y", "crop.height"]],
      [{ x: 0.6, y: 0, width: 0.5, height: 0.5 }, ["crop.width"]],
      [{ x: 0, y: 0.9, width: 0.5, height: 0.2 }, ["crop.height"]],
      [{ x: 0.1, y: 0.1, width: 0.005, height: 0.5 }, ["crop.width"]],
      [{ x: 0.1, y: 0.1, width: 0.5, height: 0 }, ["crop.height"]],
      [{ x: "0.1", y: 0.1, width: 0.5, height: 0.5 }, ["crop.x"]],
      [{ x: 0.1, y: 0.1, width: 0.5 }, ["crop.height"]],
      [{ x: 0.1, y: 0.1, width: 0.5, height: 0.5, colour: "red" }, ["crop"]],
      [[0.1, 0.1, 0.5, 0.5], ["crop"]],
      ["0.1,0.1,0.5,0.5", ["crop"]],
    ];
    for (const [crop, paths] of cases) {
      const response = await post({ PhotoId: c.photoId, body: "Here", crop }, c.authorCookie);
      expect(response.status, JSON.stringify(crop)).toBe(422);
      const body = (await response.json()) as { errors: { path: string; message: string }[] };
      expect(
        body.errors.map((error) => error.path),
        JSON.stringify(crop),
      ).toEqual(paths);
    }
    expect(await db().select().from(comments).where(eq(comments.userId, c.author.id))).toEqual([]);
  });

  it("keeps the crop when the author edits the comment", async () => {
    const c = await photoToCrop();
    const comment = await commentOn(c.photoId, c.authorCookie, { x: 0.1, y: 0.1, width: 0.4, height: 0.3 });
    const response = await call(
      commentAction,
      request(`/api/comments/${comment.id}`, {
        method: "PATCH",
        json: { body: "Changed", crop: null },
        cookie: c.authorCookie,
      }),
      { commentId: String(comment.id) },
    );
    expect(response.status).toBe(200);
    const edited = (await response.json()) as CommentJson;
    expect([edited.body, edited.crop, edited.cropUrl]).toEqual(["Changed", comment.crop, comment.cropUrl]);
  });

  it("takes the viewer's form (the crop's four fields) through the photo forms' action, and refuses a bad one", async () => {
    const c = await photoToCrop();
    const fields = { intent: "comment", photoId: String(c.photoId), body: "From the viewer" };
    const crop = { "crop.x": "0.25", "crop.y": "0.5", "crop.width": "0.5", "crop.height": "0.4" };
    const response = await call(browseAction, formRequest("/browse", { ...fields, ...crop }, c.authorCookie));
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { intent: string; comment: CommentJson };
    expect(reply.comment.crop).toEqual({ x: 0.25, y: 0.5, width: 0.5, height: 0.4 });

    const tooSmall = await call(
      browseAction,
      formRequest("/browse", { ...fields, ...crop, "crop.width": "0.001" }, c.authorCookie),
    );
    expect(tooSmall.status).toBe(422);
    expect(((await tooSmall.json()) as { error: string }).error).toMatch(/too small/);
    const rows = await db().select().from(comments).where(eq(comments.userId, c.author.id));
    expect(rows).toHaveLength(1);
  });
});

describe("GET /media/comments/{id}/crop", () => {
  it("is the region of the large size: red from the top half, blue from the bottom, both across a crop over the middle", async () => {
    const c = await photoToCrop();
    const top = await commentOn(c.photoId, c.authorCookie, { x: 0.1, y: 0.05, width: 0.8, height: 0.35 });
    const bottom = await commentOn(c.photoId, c.authorCookie, { x: 0.2, y: 0.6, width: 0.6, height: 0.35 });
    const middle = await commentOn(c.photoId, c.authorCookie, { x: 0, y: 0.25, width: 1, height: 0.5 });

    const topBytes = await bytesOf(await picture(top.id, c.authorCookie));
    const bottomBytes = await bytesOf(await picture(bottom.id, c.authorCookie));
    const middleBytes = await bytesOf(await picture(middle.id, c.authorCookie));
    for (const [fx, fy] of [
      [0.05, 0.05],
      [0.5, 0.5],
      [0.95, 0.95],
    ] as const) {
      expect(near(await colourAt(topBytes, fx, fy), RED), `top at ${fx},${fy}`).toBe(true);
      expect(near(await colourAt(bottomBytes, fx, fy), BLUE), `bottom at ${fx},${fy}`).toBe(true);
    }
    expect(near(await colourAt(middleBytes, 0.5, 0.1), RED)).toBe(true);
    expect(near(await colourAt(middleBytes, 0.5, 0.9), BLUE)).toBe(true);

    // The size of the region of the 400x600 large: 320x210 px, 400x300 px.
    const [topMeta, middleMeta] = await Promise.all([sharp(topBytes).metadata(), sharp(middleBytes).metadata()]);
    expect([topMeta.format, topMeta.width, topMeta.height]).toEqual(["jpeg", 320, 210]);
    expect([middleMeta.width, middleMeta.height]).toEqual([400, 300]);
  });

  it("carries no metadata (the camera file had GPS, camera tags and an orientation)", async () => {
    const c = await photoToCrop();
    const comment = await commentOn(c.photoId, c.authorCookie, { x: 0, y: 0, width: 1, height: 1 });
    const response = await picture(comment.id, c.authorCookie);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    const bytes = await bytesOf(response);
    const meta = await expectNoEmbeddedMetadata(bytes);
    const tags = await tagsOf(bytes);
    for (const tag of [
      "GPSLatitude",
      "GPSLongitude",
      "Make",
      "Model",
      "LensModel",
      "DateTimeOriginal",
      "Orientation",
    ]) {
      expect(tags[tag], tag).toBeUndefined();
    }
    // The whole 400x600 photo, its longest side brought within the bound (480 px).
    expect([meta.width, meta.height]).toEqual([320, CROP_PICTURE_MAX_SIDE]);
  });

  it("bounds the picture's longest side, whatever the large size", async () => {
    const owner = await makeMember();
    const cookie = await cookieFor(owner.id);
    const photo = await insertPhoto(owner.id);
    const large = await sharp({ create: { width: 2048, height: 1365, channels: 3, background: "#336699" } })
      .webp()
      .toBuffer();
    await storage().put(photo.largeKey!, large, { contentType: "image/webp", size: large.length });
    const comment = await commentOn(photo.id, cookie, { x: 0, y: 0, width: 1, height: 1 });
    const meta = await sharp(await bytesOf(await picture(comment.id, cookie))).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(CROP_PICTURE_MAX_SIDE);
  });

  it("is cached privately by the browser and revalidated by its ETag (304, nothing sent)", async () => {
    const c = await photoToCrop();
    const comment = await commentOn(c.photoId, c.authorCookie, { x: 0.1, y: 0.1, width: 0.5, height: 0.5 });
    const first = await picture(comment.id, c.authorCookie);
    expect(first.headers.get("Cache-Control")).toBe("private, max-age=86400");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"crop-/);
    const again = await picture(comment.id, c.authorCookie, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it("is refused to visitors (even for a photo they may see), for comments without a crop, and once the photo is gone", async () => {
    const c = await photoToCrop();
    const comment = await commentOn(c.photoId, c.authorCookie, { x: 0.1, y: 0.1, width: 0.5, height: 0.5 });
    const plain = await commentOn(c.photoId, c.authorCookie, null, "Whole photo");

    expect((await picture(comment.id)).status).toBe(404);
    // Featured: visitors may see its thumbnail, never its large size, nor a piece of it.
    await featureDirectly({ id: c.photoId, userId: c.owner.id }, new Date().getFullYear() - 1, 1);
    const visitor = await picture(comment.id);
    expect(visitor.status).toBe(404);
    expect(visitor.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await picture(comment.id, c.authorCookie)).status).toBe(200);

    expect((await picture(plain.id, c.authorCookie)).status).toBe(404);
    expect((await picture(2147483000, c.authorCookie)).status).toBe(404);

    await db().delete(photos).where(eq(photos.id, c.photoId));
    expect((await picture(comment.id, c.authorCookie)).status).toBe(404);
  });
});
