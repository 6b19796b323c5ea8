// A HEIF's real size is the size that is decoded. sharp reports
// a picture as shown, after its clean aperture ('clap') crop; libheif decodes the
// coded frame, and every tile of a grid, whole: a 2.7 KB AVIF coded at 10000x10000
// and cropped to 64x64 passed the budget and took 1.4 GB. The files here are
// written box by box around real AV1 pictures (tests/support/heif-boxes.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, type Env } from "~/env.server";
import { ImageTooLargeError } from "~/images/decode-budget.server";
import { imageFailureMessage, makeDerivatives, PICTURE_SIZES } from "~/images/derivatives.server";
import { heifGeometry, HeifGeometryError } from "~/images/heif-geometry.server";
import { action as userAction } from "~/routes/api/users.user";
import { HEIC_FIXTURE, heicBytes } from "../support/heic-files";
import { clap, codedPicture, gridLayout, heifFile, hevcTile, ispe, type HeifItem } from "../support/heif-boxes";
import { imageFixture } from "../support/image-bombs";
import { cookieFor, makeMember, request } from "../support/members";
import { call } from "../support/routes";
import { underLoad } from "../support/server-load";
import { useTestStorage } from "../support/storage";
import { uploadFile } from "../support/uploads";

useTestStorage("local");

const SETTINGS: Partial<Env> = { IMAGE_PROCESSING_CONCURRENCY: 4, IMAGE_PROCESSING_MEMORY_MB: 320 };
const pixi = Buffer.from("00000010706978690000000003080808", "hex");
let saved: Partial<Env>;
let folder: string;
/** Real AV1 pictures: 4000x4000 (16 MP, 1.8 s to decode here) and 10000x10000 (1.4 GB to decode), one colour. */
let large: ReturnType<typeof codedPicture>;
let huge: ReturnType<typeof codedPicture>;

const picture = (id: number, coded: ReturnType<typeof codedPicture>, side: number, ...more: Buffer[]): HeifItem => ({
  id,
  type: "av01",
  data: coded.data,
  properties: [ispe(side, side), coded.av1C, pixi, ...more],
});

async function written(name: string, bytes: Buffer) {
  const file = path.join(folder, name);
  await fs.writeFile(file, bytes);
  return file;
}

beforeAll(async () => {
  const config = env();
  saved = Object.fromEntries(Object.keys(SETTINGS).map((key) => [key, config[key as keyof Env]]));
  Object.assign(config, SETTINGS);
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "heif-sizes-"));
  large = codedPicture(await fs.readFile(imageFixture("solid-4000x4000.avif")));
  huge = codedPicture(await fs.readFile(imageFixture("solid-10000x10000.avif")));
});

afterAll(async () => {
  Object.assign(env(), saved);
  await fs.rm(folder, { recursive: true, force: true });
});

describe("the decode budget of a HEIF", () => {
  it("counts the coded size under a clean aperture, and refuses a small crop of a large picture", async () => {
    const cropped = await written("cropped.avif", heifFile({ items: [picture(1, large, 4000, clap(64, 64))] }));
    // Shown as 64x64, 16 MP coded: over a 1 MP limit, refused from its boxes.
    await expect(makeDerivatives(cropped, PICTURE_SIZES, 1_000_000)).rejects.toBeInstanceOf(ImageTooLargeError);
    // Under a limit that holds its coded size, the crop is a picture like any other.
    const made = await makeDerivatives(cropped, PICTURE_SIZES, 20_000_000);
    expect({ width: made.width, height: made.height }).toEqual({ width: 64, height: 64 });
  });

  it("counts every tile of a grid, whatever size the grid says it is", async () => {
    const grid = await written(
      "grid.avif",
      heifFile({
        items: [
          { id: 1, type: "grid", data: gridLayout(1, 1, 64, 64), properties: [ispe(64, 64)] },
          picture(2, large, 4000),
        ],
        references: [{ type: "dimg", from: 1, to: [2] }],
      }),
    );
    await expect(makeDerivatives(grid, PICTURE_SIZES, 1_000_000)).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(await heifGeometry(grid)).toEqual({ width: 64, height: 64, codedPixels: 16_000_000 });
  });

  it("counts an alpha plane (an auxiliary image of the primary item) larger than the picture", async () => {
    const small = codedPicture(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c33" } })
        .avif({ effort: 0 })
        .toBuffer(),
    );
    const withAlpha = await written(
      "alpha.avif",
      heifFile({
        items: [picture(1, small, 64), picture(2, large, 4000)],
        references: [{ type: "auxl", from: 2, to: [1] }],
      }),
    );
    expect(await heifGeometry(withAlpha)).toEqual({ width: 64, height: 64, codedPixels: 16_000_000 });
  });

  it("refuses a file whose boxes disagree before any decoder runs, as a damaged file", async () => {
    const disagreeing = {
      // The grid says 64x64; its layout, which libheif follows, 4000x4000.
      "layout.avif": heifFile({
        items: [
          { id: 1, type: "grid", data: gridLayout(1, 1, 4000, 4000), properties: [ispe(64, 64)] },
          picture(2, large, 4000),
        ],
        references: [{ type: "dimg", from: 1, to: [2] }],
      }),
      // Two tiles of 4000x4000 side by side for a picture 4000 wide: a column lies wholly outside it.
      "tiles.avif": heifFile({
        items: [
          { id: 1, type: "grid", data: gridLayout(1, 2, 4000, 4000), properties: [ispe(4000, 4000)] },
          picture(2, large, 4000),
          picture(3, large, 4000),
        ],
        references: [{ type: "dimg", from: 1, to: [2, 3] }],
      }),
      // Two sizes for one picture.
      "two-sizes.avif": heifFile({ items: [picture(1, large, 4000, ispe(64, 64))] }),
    };
    for (const [name, bytes] of Object.entries(disagreeing)) {
      const file = await written(name, bytes);
      const refusal = await makeDerivatives(file, PICTURE_SIZES, 100_000_000).then(
        () => null,
        (error: unknown) => error,
      );
      expect([name, refusal]).toEqual([name, expect.any(HeifGeometryError)]);
      expect(imageFailureMessage(refusal, 100_000_000)).toBe("The image file is damaged or incomplete.");
    }
    // A picture without its size: libheif refuses the header itself, and so do the boxes.
    const noSize = await written(
      "no-size.avif",
      heifFile({ items: [{ id: 1, type: "av01", data: large.data, properties: [large.av1C, pixi] }] }),
    );
    await expect(heifGeometry(noSize)).rejects.toBeInstanceOf(HeifGeometryError);
    await expect(makeDerivatives(noSize, PICTURE_SIZES, 100_000_000)).rejects.toThrow(/corrupt header/);
  });

  it("counts a HEIC's coded size under a clean aperture and in a grid, and that of any HEIF brand", async () => {
    // One real 512x512 tile of the iPhone HEIC, shown as 64x64 by a crop or by a grid of one tile.
    const tile = hevcTile(await heicBytes());
    const hevc = (id: number, ...more: Buffer[]): HeifItem => ({
      id,
      type: "hvc1",
      data: tile.data,
      properties: [ispe(512, 512), tile.hvcC, ...more],
    });
    const shownSmall = {
      "cropped.heic": heifFile({ brand: "heic", items: [hevc(1, clap(64, 64))] }),
      "grid.heic": heifFile({
        brand: "heic",
        items: [{ id: 1, type: "grid", data: gridLayout(1, 1, 64, 64), properties: [ispe(64, 64)] }, hevc(2)],
        references: [{ type: "dimg", from: 1, to: [2] }],
      }),
      // The brand names no codec: the items do, and the budget is the same whatever the brand says.
      "cropped-mif1.avif": heifFile({ brand: "mif1", items: [picture(1, large, 4000, clap(64, 64))] }),
      "cropped-heix.heic": heifFile({ brand: "heix", items: [hevc(1, clap(64, 64))] }),
    };
    for (const [name, bytes] of Object.entries(shownSmall)) {
      const file = await written(name, bytes);
      expect([name, (await sharp(file).metadata()).width]).toEqual([name, 64]);
      // 4,096 pixels shown, 262,144 (or 16 million) coded: over a limit of 100,000, refused from the boxes.
      const refusal = await makeDerivatives(file, PICTURE_SIZES, 100_000).then(
        () => null,
        (error: unknown) => error,
      );
      expect([name, refusal]).toEqual([name, expect.any(ImageTooLargeError)]);
    }
    // The grid is a picture like any other once the limit holds what it codes (libheif's WebAssembly
    // build reads no 'clap' of a HEIC, so only the grid shows it).
    const made = await makeDerivatives(path.join(folder, "grid.heic"), PICTURE_SIZES, 1_000_000);
    expect({ width: made.width, height: made.height }).toEqual({ width: 64, height: 64 });
  });

  it("reads an iPhone HEIC's grid as the photo it is: tiles that just cover it", async () => {
    // 2566x3313 in 6x7 tiles of 512x512: the last column and row reach past the picture, by less than a tile.
    expect(await heifGeometry(HEIC_FIXTURE)).toEqual({ width: 2566, height: 3313, codedPixels: 42 * 512 * 512 });
  });
});

describe("a 2.7 KB AVIF coded at 10000x10000 and cropped to 64x64", () => {
  it("is refused as a profile picture with 422 from its boxes, four at once, and the site stays light", async () => {
    const bytes = heifFile({ items: [picture(1, huge, 10_000, clap(64, 64))] });
    expect(bytes.length).toBeLessThan(8 * 1024);
    const senders = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const member = await makeMember();
        const cookie = await cookieFor(member.id);
        return { member, cookie, signedId: await uploadFile(cookie, bytes, "me.avif", "image/avif") };
      }),
    );
    const load = await underLoad(() =>
      Promise.all(
        senders.map(async ({ member, cookie, signedId }) => {
          const response = await call(
            userAction,
            request(`/api/users/${member.id}`, { method: "PATCH", cookie, json: { picture: signedId } }),
            { userId: String(member.id) },
          );
          return { status: response.status, body: await response.json() };
        }),
      ),
    );
    for (const answer of load.result) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors[0].message).toMatch(
        /^The image is larger than the \d+ megapixel limit for AVIF images\.$/,
      );
    }
    // Decoded, each took 1.4 GB.
    expect(load.rssGrowthMb).toBeLessThan(200);
    expect(load.slowestHealthMs).toBeLessThan(1000);
  });
});
