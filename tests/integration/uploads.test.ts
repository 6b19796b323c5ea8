// The upload pipeline end to end, on both storage drivers: announce, direct PUT,
// claim, one-decode sizes, EXIF, and every refusal leaving nothing behind.
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { ExifTool } from "exiftool-vendored";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { assets, photos, users } from "@db/schema";
import { env } from "~/env.server";
import type { DirectUploadResponse } from "~/lib/upload-schemas";
import { InvalidError } from "~/services/errors.server";
import { sweepAbandonedUploads } from "~/services/uploads/assets.server";
import { createPhotoFromUpload } from "~/services/uploads/photo-uploads.server";
import { signAssetId } from "~/services/uploads/signed-ids.server";
import type { ObjectStorage } from "~/storage/storage.server";
import { useCameraJpeg } from "../support/camera-file";
import { colourAt } from "../support/images";
import { truncatedHeic } from "../support/heic-files";
import { cookieFor, makeMember, memberAndOther } from "../support/members";
import { useTestStorage } from "../support/storage";
import { announce, putBytes, uploadFile } from "../support/uploads";
import { CAMERA_FIXTURES } from "../fixtures/camera-files";

const FIXTURES = CAMERA_FIXTURES;
const fixture = (name: string) => fs.readFile(path.join(FIXTURES, name));

const camera = useCameraJpeg();
let reader: ExifTool;

beforeAll(async () => {
  reader = new ExifTool({ maxProcs: 1 });
});

afterAll(async () => {
  await reader.end();
});

/** Tags exiftool finds in a stored derived file. */
async function tagsOf(storage: ObjectStorage, key: string) {
  const copy = await storage.localCopy(key);
  try {
    const bytes = await fs.readFile(copy.path);
    const file = `${copy.path}.probe${path.extname(key)}`;
    await fs.writeFile(file, bytes);
    const tags = (await reader.read(file)) as Record<string, unknown>;
    await fs.rm(file);
    return { tags, bytes };
  } finally {
    await copy.release();
  }
}

async function expectRefusal(promise: Promise<unknown>, path: string, message: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidError);
  expect((error as InvalidError).errors).toEqual([{ path, message: expect.stringMatching(message) }]);
}

async function assetCount(memberId: number) {
  return (await db().select().from(assets).where(eq(assets.createdById, memberId))).length;
}

describe.each(["local", "s3"] as const)("uploads on the %s driver", (driver) => {
  const used = useTestStorage(driver, "club-test-photos");

  it("turns a camera file into upright, metadata-free sizes and keeps the EXIF subset", async () => {
    const member = await makeMember();
    await db()
      .update(users)
      .set({ license: "ccbysa", acquireLicensePage: "https://example.com/buy" })
      .where(eq(users.id, member.id));
    const cookie = await cookieFor(member.id);
    const signedId = await uploadFile(cookie, camera.bytes, "IMG_0001.JPG");
    const photoId = await createPhotoFromUpload(
      { id: member.id, license: "ccbysa", acquireLicensePage: "https://example.com/buy" },
      { filename: "IMG_0001.JPG", file: signedId },
    );
    const [photo] = await db().select().from(photos).where(eq(photos.id, photoId));
    expect(photo).toMatchObject({
      userId: member.id,
      filename: "IMG_0001.JPG",
      license: "ccbysa",
      acquireLicensePage: "https://example.com/buy",
      width: 400,
      height: 600,
      takenAtOffset: "+02:00",
    });
    expect(photo!.takenAt!.toISOString()).toBe("2024-06-01T12:30:00.000Z");
    expect(photo!.metadata.exif).toEqual({
      Make: { value: "Canon", description: "Canon" },
      Model: { value: "Canon EOS R5", description: "Canon EOS R5" },
      LensModel: { value: "RF35mm F1.8 MACRO IS STM", description: "RF35mm F1.8 MACRO IS STM" },
      FocalLength: { value: 35, description: "35.0 mm" },
      FNumber: { value: 2.8, description: "f/2.8" },
      ShutterSpeedValue: { value: 1 / 250, description: "1/250" },
      ISOSpeedRatings: { value: 400, description: "400" },
    });
    expect(JSON.stringify(photo!.metadata)).not.toMatch(/GPS|43\.46/);

    // Keys are the server's own, never the file name.
    for (const key of [photo!.thumbKey!, photo!.largeKey!]) expect(key).not.toContain("IMG_0001");
    const stored = await used.keys();
    expect(stored).toEqual(expect.arrayContaining([photo!.thumbKey!, photo!.largeKey!]));
    expect(stored).toHaveLength(3); // original, large, thumb

    for (const key of [photo!.largeKey!, photo!.thumbKey!]) {
      const { tags, bytes } = await tagsOf(used.storage, key);
      const names = Object.keys(tags);
      expect(names.filter((n) => /^GPS/.test(n))).toEqual([]);
      for (const gone of ["Make", "Model", "Orientation", "DateTimeOriginal", "LensModel", "XMPToolkit"])
        expect(names).not.toContain(gone);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      // Orientation 6 stored a landscape that reads as a portrait: red on top, blue below.
      expect(meta.height).toBeGreaterThan(meta.width!);
      const top = await colourAt(bytes, 0.5, 0.1);
      const bottom = await colourAt(bytes, 0.5, 0.9);
      expect(top.r).toBeGreaterThan(200);
      expect(top.b).toBeLessThan(60);
      expect(bottom.b).toBeGreaterThan(200);
      expect(bottom.r).toBeLessThan(60);
    }
    expect((await sharp((await tagsOf(used.storage, photo!.largeKey!)).bytes).metadata()).format).toBe("jpeg");
  });

  it("reads real camera files: time zones, makes and broken EXIF", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const owner = { id: member.id, license: "allrightsreserved", acquireLicensePage: null };
    const make = async (name: string) => {
      const id = await createPhotoFromUpload(owner, {
        filename: name,
        file: await uploadFile(cookie, await fixture(name), name),
      });
      const [photo] = await db().select().from(photos).where(eq(photos.id, id));
      return photo!;
    };
    const gps = await make("gps-DSCN0010.jpg");
    expect(gps.takenAt!.toISOString()).toBe("2008-10-22T14:28:39.000Z");
    expect(gps.takenAtOffset).toBe("+02:00");
    expect(gps.metadata.exif).toMatchObject({
      FNumber: { description: "f/5.9" },
      ShutterSpeedValue: { description: "1/75" },
    });
    const { tags } = await tagsOf(used.storage, gps.largeKey!);
    expect(Object.keys(tags).filter((n) => /^GPS/.test(n))).toEqual([]);

    const nikon = await make("Nikon_D70.jpg");
    expect(nikon.takenAtOffset).toBe("-04:00");
    expect(nikon.takenAt!.toISOString()).toBe("2008-03-15T13:52:01.000Z");
    expect(nikon.metadata.exif?.Make?.value).toBe("NIKON CORPORATION");

    const canon = await make("Canon_40D.jpg");
    expect(canon.metadata.exif).toMatchObject({
      Make: { value: "Canon" },
      Model: { value: "Canon EOS 40D" },
      FNumber: { description: "f/7.1" },
      ShutterSpeedValue: { description: "1/160" },
      ISOSpeedRatings: { value: 100 },
    });

    // No time zone in the file: the wall time is kept, read as UTC, with no offset claimed.
    const pentax = await make("Pentax_K10D.jpg");
    expect(pentax.takenAt!.toISOString()).toBe("2008-05-04T16:47:24.000Z");
    expect(pentax.takenAtOffset).toBeNull();

    const portrait = await make("orientation-portrait_8.jpg");
    expect(portrait.height).toBeGreaterThan(portrait.width!);
    const large = await sharp((await tagsOf(used.storage, portrait.largeKey!)).bytes).metadata();
    expect(large.height).toBeGreaterThan(large.width!);

    const broken = await make("invalid-image01137.jpg");
    expect(broken.thumbKey).toBeTruthy();
  });

  it("sweeps uploads nobody claimed within a day, with their bytes, and leaves claimed ones", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const before = await used.keys();
    const abandoned = await uploadFile(cookie, camera.bytes, "closed-tab.jpg");
    const kept = await createPhotoFromUpload(
      { id: member.id, license: "allrightsreserved", acquireLicensePage: null },
      { filename: "kept.jpg", file: await uploadFile(cookie, camera.bytes, "kept.jpg") },
    );
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await db().update(assets).set({ createdAt: twoDaysAgo }).where(eq(assets.createdById, member.id));
    expect(await used.keys()).toHaveLength(before.length + 4); // abandoned original + kept original, large, thumb

    expect(await sweepAbandonedUploads()).toBeGreaterThanOrEqual(1);
    expect(await used.keys()).toHaveLength(before.length + 3);
    await expectRefusal(
      createPhotoFromUpload(
        { id: member.id, license: "allrightsreserved", acquireLicensePage: null },
        { filename: "x.jpg", file: abandoned },
      ),
      "file",
      /not valid/,
    );
    expect(await db().select().from(photos).where(eq(photos.id, kept))).toHaveLength(1);
  });

  describe("refusals leave nothing behind", () => {
    it("refuses a truncated JPEG, a truncated HEIC, and bytes that are not an image", async () => {
      const member = await makeMember();
      const cookie = await cookieFor(member.id);
      const owner = { id: member.id, license: "allrightsreserved", acquireLicensePage: null };
      const before = await used.keys();
      const cases: [Buffer, string, RegExp][] = [
        [await fixture("corrupted.jpg"), "corrupted.jpg", /damaged or incomplete/],
        [await truncatedHeic(), "IMG_5195.HEIC", /damaged or incomplete/],
        [Buffer.from("%PDF-1.7 definitely not a photo, whatever its name says"), "holiday.jpg", /not an image/],
      ];
      for (const [bytes, name, message] of cases) {
        const signedId = await uploadFile(cookie, bytes, name);
        await expectRefusal(createPhotoFromUpload(owner, { filename: name, file: signedId }), "file", message);
      }
      expect(await used.keys()).toEqual(before);
      expect(await assetCount(member.id)).toBe(0);
      expect(await db().select().from(photos).where(eq(photos.userId, member.id))).toEqual([]);
    });

    it("refuses forged, expired, used and someone else's signed ids", async () => {
      const { member, other, cookie } = await memberAndOther();
      const owner = { id: member.id, license: "allrightsreserved", acquireLicensePage: null };
      const signedId = await uploadFile(cookie, camera.bytes, "a.jpg");
      const [body, mac] = signedId.split(".");

      await expectRefusal(
        createPhotoFromUpload(owner, {
          filename: "a.jpg",
          file: `${body}.${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`,
        }),
        "file",
        /not valid/,
      );
      await expectRefusal(
        createPhotoFromUpload(owner, { filename: "a.jpg", file: "not-a-signed-id" }),
        "file",
        /not valid/,
      );
      const assetId = JSON.parse(Buffer.from(body!, "base64url").toString()).a as number;
      await expectRefusal(
        createPhotoFromUpload(owner, {
          filename: "a.jpg",
          file: signAssetId(assetId, "upload", new Date(Date.now() - 1000)),
        }),
        "file",
        /expired/,
      );
      // A picture's echo id or a PUT token is not an upload id.
      await expectRefusal(
        createPhotoFromUpload(owner, { filename: "a.jpg", file: signAssetId(assetId, "picture") }),
        "file",
        /not valid/,
      );
      await expectRefusal(
        createPhotoFromUpload({ ...owner, id: other.id }, { filename: "a.jpg", file: signedId }),
        "file",
        /not valid/,
      );
      // The genuine owner can still use it, once.
      await createPhotoFromUpload(owner, { filename: "a.jpg", file: signedId });
      await expectRefusal(
        createPhotoFromUpload(owner, { filename: "a.jpg", file: signedId }),
        "file",
        /already been used/,
      );
      expect(await db().select().from(photos).where(eq(photos.userId, member.id))).toHaveLength(1);
    });

    it("refuses an upload whose bytes differ from byte_size, and a claim before the bytes arrive", async () => {
      const member = await makeMember();
      const cookie = await cookieFor(member.id);
      const owner = { id: member.id, license: "allrightsreserved", acquireLicensePage: null };
      const before = await used.keys();

      const announced = (await (
        await announce(cookie, { filename: "a.jpg", content_type: "image/jpeg", byte_size: camera.bytes.length + 10 })
      ).json()) as DirectUploadResponse;
      await expectRefusal(
        createPhotoFromUpload(owner, { filename: "a.jpg", file: announced.signed_id }),
        "file",
        /not been uploaded/,
      );
      const put = await putBytes(announced.direct_upload, camera.bytes);
      if (driver === "local") {
        // The app's own endpoint counts the bytes as they stream in.
        expect(put.status).toBe(422);
        expect(await put.json()).toEqual({
          errors: [{ path: "file", message: expect.stringMatching(/does not match/) }],
        });
        await expectRefusal(
          createPhotoFromUpload(owner, { filename: "a.jpg", file: announced.signed_id }),
          "file",
          /not been uploaded/,
        );
      } else {
        // A presigned PUT cannot limit the size: the claim checks it.
        expect(put.ok).toBe(true);
        await expectRefusal(
          createPhotoFromUpload(owner, { filename: "a.jpg", file: announced.signed_id }),
          "file",
          /does not match/,
        );
      }
      const extra = (await (
        await announce(cookie, { filename: "b.jpg", byte_size: 100 })
      ).json()) as DirectUploadResponse;
      const tooMany = await putBytes(extra.direct_upload, camera.bytes);
      if (driver === "local") expect(tooMany.status).toBe(422);
      else
        await expectRefusal(
          createPhotoFromUpload(owner, { filename: "b.jpg", file: extra.signed_id }),
          "file",
          /does not match/,
        );

      // Leftover announced-but-unsent rows are harmless; no stored object remains.
      expect(await used.keys()).toEqual(before);
      expect(await db().select().from(photos).where(eq(photos.userId, member.id))).toEqual([]);
    });

    it("refuses a file over the size limit and an image over the pixel limit", async () => {
      const member = await makeMember();
      const cookie = await cookieFor(member.id);
      const owner = { id: member.id, license: "allrightsreserved", acquireLicensePage: null };
      const tooBig = await announce(cookie, { filename: "huge.tif", byte_size: env().UPLOAD_MAX_BYTES + 1 });
      expect(tooBig.status).toBe(422);
      expect(await tooBig.json()).toEqual({
        errors: [{ path: "byte_size", message: "The file is larger than the 50 MB limit." }],
      });

      const before = await used.keys();
      const limit = env().UPLOAD_MAX_PIXELS;
      env().UPLOAD_MAX_PIXELS = 1_000_000;
      try {
        const big = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#808080" } })
          .png()
          .toBuffer();
        const signedId = await uploadFile(cookie, big, "big.png", "image/png");
        await expectRefusal(
          createPhotoFromUpload(owner, { filename: "big.png", file: signedId }),
          "file",
          /1 megapixel limit/,
        );
      } finally {
        env().UPLOAD_MAX_PIXELS = limit;
      }
      expect(await used.keys()).toEqual(before);
      // The oversized blob was refused before it was recorded; the refused image took its row with it.
      expect(await assetCount(member.id)).toBe(0);
    });
  });
});
