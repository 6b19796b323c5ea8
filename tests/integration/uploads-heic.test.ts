// A member's iPhone HEIC through the whole upload: announce, PUT, POST
// /api/photos. It becomes an upright photo with its EXIF read by exiftool, as a
// JPEG would, and stored sizes without metadata; a damaged HEIC is a 422 with
// the member's message, nothing left behind.
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { assets, photos } from "@db/schema";
import { env } from "~/env.server";
import { pixelLimit } from "~/images/decode-budget.server";
import { closeExiftool } from "~/images/exif.server";
import { action as photosCreate } from "~/routes/api/photos";
import { flowerCentre, HEIC_SIZE, heicBytes, heicDeclaring, truncatedHeic } from "../support/heic-files";
import { exifToolForThisFile } from "../support/exif-reader";
import { cookieFor, makeMember, request } from "../support/members";
import { call } from "../support/routes";
import { useTestStorage } from "../support/storage";
import { uploadFile } from "../support/uploads";

const reader = exifToolForThisFile();

afterAll(async () => {
  await closeExiftool();
});

describe("an iPhone HEIC upload", () => {
  const used = useTestStorage("local");

  async function postPhoto(bytes: Buffer, filename: string) {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const signedId = await uploadFile(cookie, bytes, filename, "image/heic");
    const response = await call(
      photosCreate,
      request("/api/photos", { method: "POST", cookie, json: { filename, file: signedId } }),
    );
    return { member, response };
  }

  it("becomes an upright photo with its EXIF and takenAt, and sizes without metadata", async () => {
    const { member, response } = await postPhoto(await heicBytes(), "IMG_5195.HEIC");
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      filename: "IMG_5195.HEIC",
      width: HEIC_SIZE.width,
      height: HEIC_SIZE.height,
      // 2021:04:11 15:47:53 and 054 (SubSecTimeOriginal) at -05:00.
      takenAt: "2021-04-11T20:47:53.054Z",
      metadata: {
        exif: {
          Make: { value: "Apple", description: "Apple" },
          Model: { value: "iPhone 11 Pro Max", description: "iPhone 11 Pro Max" },
        },
      },
    });
    const [photo] = await db().select().from(photos).where(eq(photos.id, body.id));
    expect(photo!.takenAtOffset).toBe("-05:00");
    expect(photo!.userId).toBe(member.id);

    for (const [key, size] of [
      [photo!.largeKey!, [2566, 3313]],
      [photo!.thumbKey!, [793, 1024]],
    ] as const) {
      const copy = await used.storage.localCopy(key);
      try {
        const bytes = await fs.readFile(copy.path);
        const meta = await sharp(bytes).metadata();
        expect([meta.width, meta.height]).toEqual(size);
        expect([meta.exif, meta.icc, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined, undefined]);
        const probe = `${copy.path}.probe${path.extname(key)}`;
        await fs.writeFile(probe, bytes);
        const tags = Object.keys(await reader().read(probe));
        await fs.rm(probe);
        for (const gone of ["Make", "Model", "DateTimeOriginal", "OffsetTimeOriginal", "Orientation", "GPSLatitude"]) {
          expect(tags).not.toContain(gone);
        }
        // Upright: the flower low and to the left, as in the camera's frame.
        const flower = await flowerCentre(bytes);
        expect(flower.x).toBeLessThan(0.5);
        expect(flower.y).toBeGreaterThan(0.55);
      } finally {
        await copy.release();
      }
    }
  });

  it("refuses a HEIC whose header declares more than its pixel limit, keeping nothing", async () => {
    // HEIC's own limit: what its decoding's memory allows (decode-budget.server.ts), below UPLOAD_MAX_PIXELS.
    const heicLimit = pixelLimit(
      { format: "heif", compression: "hevc" },
      { maxPixels: env().UPLOAD_MAX_PIXELS, memoryBytes: env().IMAGE_PROCESSING_MEMORY_MB * 1024 * 1024 },
    );
    expect(heicLimit).toBeLessThan(env().UPLOAD_MAX_PIXELS);
    const before = await used.keys();
    const { member, response } = await postPhoto(await heicDeclaring(40_000, 40_000), "IMG_BOMB.HEIC");
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: [
        {
          path: "file",
          message: `The image is larger than the ${Math.floor(heicLimit / 1_000_000)} megapixel limit for HEIC images.`,
        },
      ],
    });
    expect(await used.keys()).toEqual(before);
    expect(await db().select().from(assets).where(eq(assets.createdById, member.id))).toEqual([]);
  });

  it("refuses a damaged HEIC with a 422 and the member's message, keeping nothing", async () => {
    const before = await used.keys();
    const { member, response } = await postPhoto(await truncatedHeic(0.6), "IMG_5195.HEIC");
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: [{ path: "file", message: "The image file is damaged or incomplete." }],
    });
    expect(await used.keys()).toEqual(before);
    expect(await db().select().from(assets).where(eq(assets.createdById, member.id))).toEqual([]);
  });
});
