// The S3 upload target is one-time. The presigned PUT signs only the host and
// the key, so a member could send another type than announced, and PUT again
// within the URL's hour to replace a claimed original with 30 MB of text/html,
// or 4 MB after announcing 1 byte. The claim checks what arrived and takes its
// own copy under a key the member never held; the key they held is removed once
// its URL has expired. The tests' S3 (@20minutes/s3rver) checks version 4
// signatures as S3 does, so a URL bent towards the claimed key is refused by the
// store itself; it checks no POST policy, which is why the claim checks.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { assets, photos } from "@db/schema";
import type { DirectUploadResponse } from "~/lib/upload-schemas";
import { InvalidError } from "~/services/errors.server";
import { createPhotoFromUpload } from "~/services/uploads/photo-uploads.server";
import { retryStoredObjectRemovals } from "~/storage/removals.server";
import { smallJpeg } from "../support/meetings";
import { cookieFor, makeMember } from "../support/members";
import { useTestStorage } from "../support/storage";
import { announce } from "../support/uploads";

const used = useTestStorage("s3", "club-test-claims");
const owner = (id: number) => ({ id, license: "ccby", acquireLicensePage: null });

/** Announces `bytes` (or `size` bytes) as a JPEG; the S3 target it was given. */
async function announced(cookie: string, bytes: Buffer, size = bytes.length) {
  const response = await announce(cookie, { filename: "a.jpg", content_type: "image/jpeg", byte_size: size });
  expect(response.status).toBe(201);
  return (await response.json()) as DirectUploadResponse;
}

const put = (url: string, bytes: Buffer, type: string) =>
  fetch(url, { method: "PUT", headers: { "Content-Type": type }, body: new Uint8Array(bytes) });

describe("the S3 upload target", () => {
  it("refuses at the claim a file sent with another type than announced, and keeps nothing of it", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const bytes = await smallJpeg();
    const target = await announced(cookie, bytes);
    expect((await put(target.direct_upload.url, bytes, "text/html")).status).toBe(200);

    const refusal = await createPhotoFromUpload(owner(member.id), { filename: "a.jpg", file: target.signed_id }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(InvalidError);
    expect((refusal as InvalidError).errors).toEqual([
      { path: "file", message: "The file sent is not of the type announced (image/jpeg)." },
    ]);
    expect(await db().select().from(assets).where(eq(assets.createdById, member.id))).toEqual([]);
    expect(await used.keys()).toEqual([]);
  });

  it("refuses at the claim more bytes than were announced, and keeps nothing of them", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const bytes = await smallJpeg();
    // One byte announced, 4 MB sent: the presigned PUT does not sign the length.
    const target = await announced(cookie, bytes, 1);
    const sent = Buffer.concat([bytes, Buffer.alloc(4 * 1024 * 1024 - bytes.length)]);
    expect((await put(target.direct_upload.url, sent, "image/jpeg")).status).toBe(200);

    const refusal = await createPhotoFromUpload(owner(member.id), { filename: "a.jpg", file: target.signed_id }).then(
      () => null,
      (error: unknown) => error,
    );
    expect((refusal as InvalidError).errors).toEqual([
      { path: "file", message: "The file sent does not match its announced size of 1 bytes." },
    ]);
    expect(await db().select().from(assets).where(eq(assets.createdById, member.id))).toEqual([]);
    expect(await used.keys()).toEqual([]);
  });

  it("claims a copy the member never held: a PUT again after the claim replaces nothing, and its key goes", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const bytes = await smallJpeg();
    const target = await announced(cookie, bytes);
    expect((await put(target.direct_upload.url, bytes, "image/jpeg")).status).toBe(200);
    const [before] = await db().select().from(assets).where(eq(assets.id, target.id));

    const photoId = await createPhotoFromUpload(owner(member.id), { filename: "a.jpg", file: target.signed_id });
    const [photo] = await db().select().from(photos).where(eq(photos.id, photoId));
    const [claimed] = await db().select().from(assets).where(eq(assets.id, photo!.originalAssetId));
    expect(claimed!.key).not.toBe(before!.key);
    expect(await used.storage.stat(before!.key)).toBeNull();

    // The same URL, within its hour, with 30 MB of HTML: the claimed original is untouched.
    const html = Buffer.alloc(30 * 1024 * 1024, "<p>");
    expect((await put(target.direct_upload.url, html, "text/html")).status).toBe(200);
    const original = await used.storage.stat(claimed!.key);
    expect({ size: original!.size, contentType: original!.contentType }).toEqual({
      size: bytes.length,
      contentType: "image/jpeg",
    });
    // What was sent to the old key is removed once the URL has expired.
    expect(await used.storage.stat(before!.key)).not.toBeNull();
    await retryStoredObjectRemovals(new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect(await used.storage.stat(before!.key)).toBeNull();
    expect(await used.storage.stat(claimed!.key)).not.toBeNull();
  });

  it("is refused by the store when its URL is bent towards another key, the claimed original's too", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const bytes = await smallJpeg();
    const target = await announced(cookie, bytes);
    expect((await put(target.direct_upload.url, bytes, "image/jpeg")).status).toBe(200);
    const photoId = await createPhotoFromUpload(owner(member.id), { filename: "a.jpg", file: target.signed_id });
    const [photo] = await db().select().from(photos).where(eq(photos.id, photoId));
    const [claimed] = await db().select().from(assets).where(eq(assets.id, photo!.originalAssetId));

    const url = new URL(target.direct_upload.url);
    const heldKey = decodeURIComponent(url.pathname.split("/").slice(2).join("/"));
    url.pathname = url.pathname.replace(encodeURI(heldKey), encodeURI(claimed!.key));
    expect(url.pathname).toContain(claimed!.key);
    const bent = await put(url.toString(), Buffer.from("<p>not a photo</p>"), "text/html");
    expect(bent.status).toBe(403);
    expect(await bent.text()).toContain("SignatureDoesNotMatch");
    const original = await used.storage.stat(claimed!.key);
    expect({ size: original!.size, contentType: original!.contentType }).toEqual({
      size: bytes.length,
      contentType: "image/jpeg",
    });
  });
});
