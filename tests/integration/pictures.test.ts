// Profile pictures through the direct-upload flow, and POST /api/assets itself.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { assets, users } from "@db/schema";
import { action as assetsApi } from "~/routes/api/assets";
import { loader as pictureMedia } from "~/routes/media/pictures";
import { action as uploadsRoute } from "~/routes/uploads";
import { InvalidError } from "~/services/errors.server";
import { pictureFields } from "~/services/members/picture-fields.server";
import { applyPictureChange } from "~/services/members/pictures.server";
import { signAssetId } from "~/services/uploads/signed-ids.server";
import { useCameraJpeg } from "../support/camera-file";
import { cookieFor, makeMember, request } from "../support/members";
import { call } from "../support/routes";
import { useTestStorage } from "../support/storage";
import { announce, uploadFile } from "../support/uploads";

const local = useTestStorage("local");
const camera = useCameraJpeg();

const pictureOf = async (userId: number) =>
  (await db().select({ id: users.pictureAssetId }).from(users).where(eq(users.id, userId)))[0]!.id;

function media(url: string, cookie?: string) {
  const [, , , assetId, size] = url.split("/");
  return call(pictureMedia, request(url, { cookie }), { assetId: assetId!, size: size! });
}

describe("POST /api/assets", () => {
  it("is for members only and validates the blob with the contract's error shape", async () => {
    expect((await announce("", { filename: "a.jpg", byte_size: 10 })).status).toBe(401);
    const cookie = await cookieFor((await makeMember()).id);
    const bad = await announce(cookie, { filename: "", byte_size: -1 } as never);
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      errors: [
        { path: "filename", message: "Filename is required." },
        { path: "byte_size", message: "File is empty." },
      ],
    });
    const ok = await announce(cookie, { filename: "../../etc/passwd", byte_size: 10 });
    expect(ok.status).toBe(201);
    const body = await ok.json();
    expect(body).toMatchObject({
      filename: "../../etc/passwd",
      content_type: "application/octet-stream",
      byte_size: 10,
    });
    // The key is the server's own, never the name, and the answer does not tell it.
    expect(body).not.toHaveProperty("key");
    const [row] = await db().select({ key: assets.key }).from(assets).where(eq(assets.id, body.id));
    expect(row!.key).toMatch(/^originals\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(body.direct_upload.url).toMatch(/^http:\/\/club\.test\/uploads\/[\w-]+\.[\w-]+$/);
    expect(body.direct_upload.headers).toEqual({ "Content-Type": "application/octet-stream" });
  });
});

describe("the upload endpoints' edges", () => {
  it("answer a method they do not have with 405 and the methods they have", async () => {
    const cookie = await cookieFor((await makeMember()).id);
    const assetsGet = await call(assetsApi, request("/api/assets", { cookie }));
    expect(assetsGet.status).toBe(405);
    expect(assetsGet.headers.get("Allow")).toBe("POST");
    const uploadsPost = await call(uploadsRoute, request("/uploads/abc", { method: "POST" }), { token: "abc" });
    expect(uploadsPost.status).toBe(405);
    expect(uploadsPost.headers.get("Allow")).toBe("PUT");
  });

  it("answer a PUT with a forged, expired or unknown token with JSON, and store nothing", async () => {
    const before = await local.keys();
    const put = (token: string) =>
      call(uploadsRoute, request(`/uploads/${token}`, { method: "PUT", body: "bytes" }), { token });
    for (const token of ["forged.token", signAssetId(2 ** 31 - 2, "put")]) {
      const response = await put(token);
      expect(response.status, token).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found." });
    }
    const expired = await put(signAssetId(1, "put", new Date(Date.now() - 1000)));
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ message: "This upload link has expired." });
    expect(await local.keys()).toEqual(before);
  });
});

describe("profile pictures", () => {
  it("stores a square thumbnail and a larger size without metadata, keeps it on echo, replaces and removes it", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const before = await local.keys();

    await applyPictureChange(member.id, await uploadFile(cookie, camera.bytes, "me.jpg"));
    const first = await pictureOf(member.id);
    expect(first).toBeTruthy();
    const fields = pictureFields(first);
    expect(fields.pictureThumbUrl).toBe(`/media/pictures/${first}/thumb`);

    const thumb = await media(fields.pictureThumbUrl!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("Content-Type")).toBe("image/webp");
    const thumbBytes = Buffer.from(await thumb.arrayBuffer());
    const thumbMeta = await sharp(thumbBytes).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([256, 256]);
    expect(thumbMeta.exif).toBeUndefined();
    expect(thumbBytes.includes(Buffer.from("Canon"))).toBe(false);
    const large = await sharp(Buffer.from(await (await media(fields.pictureUrl!)).arrayBuffer())).metadata();
    expect([large.width, large.height]).toEqual([400, 600]); // upright, not enlarged
    expect(large.exif).toBeUndefined();

    // A form sending the whole user back (undefined or the same signed id) changes nothing.
    await applyPictureChange(member.id, undefined);
    await applyPictureChange(member.id, fields.picture);
    expect(await pictureOf(member.id)).toBe(first);

    // A new picture replaces the old one, whose files go.
    await applyPictureChange(member.id, await uploadFile(cookie, camera.bytes, "me2.jpg"));
    const second = await pictureOf(member.id);
    expect(second).not.toBe(first);
    expect((await media(`/media/pictures/${first}/thumb`)).status).toBe(404);
    expect(await db().select().from(assets).where(eq(assets.id, first!))).toEqual([]);

    await applyPictureChange(member.id, null);
    expect(await pictureOf(member.id)).toBeNull();
    expect(await local.keys()).toEqual(before);
  });

  it("lets an admin set a picture they uploaded for a member, but not anyone use another's upload", async () => {
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember();
    const stranger = await makeMember();
    const adminUpload = await uploadFile(await cookieFor(admin.id), camera.bytes, "portrait.jpg");
    const error = await applyPictureChange(member.id, adminUpload, stranger.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidError);
    expect((error as InvalidError).errors).toEqual([{ path: "picture", message: "The upload is not valid." }]);
    await applyPictureChange(member.id, adminUpload, admin.id);
    expect(await pictureOf(member.id)).toBeTruthy();
  });

  it("refuses a file that is not an image, under `picture`", async () => {
    const member = await makeMember();
    const signedId = await uploadFile(
      await cookieFor(member.id),
      Buffer.from("GIF89a? no: plain text"),
      "me.gif",
      "image/gif",
    );
    const error = await applyPictureChange(member.id, signedId).catch((e: unknown) => e);
    expect((error as InvalidError).errors).toEqual([
      { path: "picture", message: expect.stringMatching(/not an image/) },
    ]);
    expect(await pictureOf(member.id)).toBeNull();
  });

  it("shows a public member's picture to visitors and a private member's only to members", async () => {
    const member = await makeMember();
    await applyPictureChange(member.id, await uploadFile(await cookieFor(member.id), camera.bytes, "me.jpg"));
    const url = pictureFields(await pictureOf(member.id)).pictureThumbUrl!;
    const visible = await media(url);
    expect(visible.status).toBe(200);
    expect(visible.headers.get("Cache-Control")).toMatch(/^public/);

    await db().update(users).set({ isPublic: false }).where(eq(users.id, member.id));
    expect((await media(url)).status).toBe(404);
    const seen = await media(url, await cookieFor((await makeMember()).id));
    expect(seen.status).toBe(200);
    expect(seen.headers.get("Cache-Control")).toMatch(/^private/);
    expect((await media(url.replace("/thumb", "/original"))).status).toBe(404);
    // Ids that are no id, or past the database's range, are 404 (never a database error).
    for (const bad of ["/media/pictures/abc/thumb", "/media/pictures/99999999999/thumb", "/media/pictures/0/thumb"]) {
      expect((await media(bad)).status).toBe(404);
    }
  });
});
