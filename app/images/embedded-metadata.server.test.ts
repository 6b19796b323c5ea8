import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { CAMERA_FIXTURES } from "../../tests/fixtures/camera-files";
import {
  extendedXmpJpeg,
  hugeDimensionsPng,
  iCCP,
  iTXt,
  manyPageTiff,
  png,
  tEXt,
  textBombPng,
  xmpPacket,
  zTXt,
} from "../../tests/support/image-bombs";
import { checkDecodedMetadata, checkEmbeddedMetadata, ImageMetadataTooLargeError } from "./embedded-metadata.server";
import { FileBytes } from "./metadata-bytes.server";

const MB = 1024 * 1024;
const dir = await fs.mkdtemp(path.join(os.tmpdir(), "club-metadata-"));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

let count = 0;
async function file(bytes: Buffer) {
  const name = path.join(dir, `${count++}.png`);
  await fs.writeFile(name, bytes);
  return name;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("checkEmbeddedMetadata", () => {
  it("passes ordinary PNGs, with or without a little text, and files that are not PNGs", async () => {
    await checkEmbeddedMetadata(await file(png()), 8 * MB);
    await checkEmbeddedMetadata(await file(png([tEXt(2000), zTXt(1), iTXt(1), iCCP(1)])), 8 * MB);
    await checkEmbeddedMetadata(await file(Buffer.from("not a png at all")), 8 * MB);
    await checkEmbeddedMetadata(await file(hugeDimensionsPng()), 8 * MB);
  });

  it.each([
    ["the 300 KB zTXt bomb", () => textBombPng(300)],
    ["a compressed iTXt", () => png([iTXt(64)])],
    ["a colour profile (iCCP)", () => png([iCCP(64)])],
    ["many small text chunks adding up", () => png(Array.from({ length: 12 }, () => zTXt(1)))],
    ["plain text over the limit", () => png([tEXt(9 * MB)])],
  ])("refuses %s at once, without inflating it all", async (_name, make) => {
    const bomb = await file(make());
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const error = await refusal(checkEmbeddedMetadata(bomb, 8 * MB));
    expect(error).toBeInstanceOf(ImageMetadataTooLargeError);
    expect(performance.now() - started).toBeLessThan(2000);
    // Inflating the 300 MB bomb whole would add hundreds of MB.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MB);
  });

  it("measures inflated sizes, not stored ones: the same file passes under a higher limit", async () => {
    const bomb = await file(png([zTXt(4)]));
    expect((await fs.stat(bomb)).size).toBeLessThan(64 * 1024);
    expect(await refusal(checkEmbeddedMetadata(bomb, 2 * MB))).toBeInstanceOf(ImageMetadataTooLargeError);
    await checkEmbeddedMetadata(bomb, 8 * MB);
  });
});

describe("checkEmbeddedMetadata in the other formats", () => {
  const pixel = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#808080" } });
  const camera = () => pixel().withExif({ IFD0: { Make: "Canon", Model: "Canon EOS R5" } });

  it("passes every camera fixture (JPEG, iPhone HEIC) and WebP, TIFF and AVIF files with ordinary metadata", async () => {
    const fixtures = (await fs.readdir(CAMERA_FIXTURES)).filter((name) => !name.endsWith(".md"));
    for (const name of fixtures) await checkEmbeddedMetadata(path.join(CAMERA_FIXTURES, name), 64 * 1024);
    for (const made of [camera().webp(), camera().withXmp(xmpPacket(20_000)).tiff(), camera().avif({ effort: 0 })]) {
      await checkEmbeddedMetadata(await file(await made.toBuffer()), 64 * 1024);
    }
  });

  it.each([
    ["a JPEG's extended XMP segments", async () => extendedXmpJpeg(await pixel().jpeg().toBuffer(), 40)],
    [
      "a WebP's XMP chunk",
      () =>
        pixel()
          .withXmp(xmpPacket(3 * MB))
          .webp()
          .toBuffer(),
    ],
    [
      "a TIFF's XMP tag",
      () =>
        pixel()
          .withXmp(xmpPacket(3 * MB))
          .tiff()
          .toBuffer(),
    ],
    ["TIFF pages adding up", async () => manyPageTiff(100, 30_000)],
    [
      "an AVIF's XMP item",
      () =>
        pixel()
          .withXmp(xmpPacket(3 * MB))
          .avif({ effort: 0 })
          .toBuffer(),
    ],
  ])("refuses %s past the limit", async (_name, make) => {
    const bomb = await file(await make());
    expect(await refusal(checkEmbeddedMetadata(bomb, 2 * MB))).toBeInstanceOf(ImageMetadataTooLargeError);
    await checkEmbeddedMetadata(bomb, 8 * MB);
  });
});

describe("checkEmbeddedMetadata on a progressive JPEG", () => {
  const progressive = () =>
    sharp({ create: { width: 256, height: 192, channels: 3, background: "#4a7" } })
      .jpeg({ progressive: true })
      .toBuffer();
  const segment = (marker: number, body: Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255]), body]);
  /** `inserted` placed before the second scan (FF DA never occurs inside coded data, which stuffs its FFs). */
  const betweenScans = (jpeg: Buffer, inserted: Buffer) => {
    const second = jpeg.indexOf(Buffer.from([0xff, 0xda]), jpeg.indexOf(Buffer.from([0xff, 0xda])) + 2);
    expect(second).toBeGreaterThan(0);
    return Buffer.concat([jpeg.subarray(0, second), inserted, jpeg.subarray(second)]);
  };

  it("counts the APP segments between scans, and the walk still passes the picture itself", async () => {
    const jpeg = await progressive();
    const app1 = Buffer.concat(Array.from({ length: 40 }, () => segment(0xe1, Buffer.alloc(60_000, 0x41))));
    const bomb = await file(betweenScans(jpeg, app1));
    // 2.4 MB of APP1 after the first scan: before, the walk stopped at that scan and counted none of it.
    expect(await refusal(checkEmbeddedMetadata(bomb, 2 * MB))).toBeInstanceOf(ImageMetadataTooLargeError);
    await checkEmbeddedMetadata(bomb, 8 * MB);
    expect((await sharp(bomb).metadata()).isProgressive).toBe(true);
    await checkEmbeddedMetadata(await file(jpeg), 1024);
  });

  it("stops at the segment bound: 100,000 comments are refused after a few reads of the file", async () => {
    const jpeg = await progressive();
    const comments = Buffer.concat(Array.from({ length: 100_000 }, () => segment(0xfe, Buffer.from("hi"))));
    const bomb = await file(Buffer.concat([jpeg.subarray(0, 2), comments, jpeg.subarray(2)]));
    // The file's reads are counted (each still reads the file): one a segment, 100,000 of them, took 2.9 s
    // before the refusal; the walk reads windows and stops at the segment bound, after a few.
    const reads = vi.spyOn(FileBytes.prototype, "read");
    try {
      expect(await refusal(checkEmbeddedMetadata(bomb, 8 * MB))).toBeInstanceOf(ImageMetadataTooLargeError);
      expect(reads.mock.calls.length).toBeLessThan(20);
    } finally {
      reads.mockRestore();
    }
  });
});

describe("checkDecodedMetadata", () => {
  it("adds up the profile, EXIF, XMP, IPTC and comments sharp read", () => {
    checkDecodedMetadata({ icc: Buffer.alloc(3000), exif: Buffer.alloc(60_000) }, MB);
    expect(() => checkDecodedMetadata({ icc: Buffer.alloc(600_000), xmp: Buffer.alloc(600_000) }, MB)).toThrow(
      ImageMetadataTooLargeError,
    );
    expect(() => checkDecodedMetadata({ comments: [{ keyword: "Comment", text: "x".repeat(MB) }] }, MB)).toThrow(
      ImageMetadataTooLargeError,
    );
  });
});
