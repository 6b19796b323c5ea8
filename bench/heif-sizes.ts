// The decoder's real size: HEIFs whose boxes show a small
// picture and code a large one, sent four at a time as a member's uploads would
// be processed (through the image gate, with the settings' budget), while the
// process's memory is sampled. Before, one AVIF coded at 10000x10000 and cropped
// ('clap') to 64x64 took +1.4 GB, four at a concurrency of 4 +5.5 GB; they are
// refused from their boxes now. In this process: `BENCH_SECTIONS=processing`.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { makeDerivatives, PHOTO_SIZES } from "~/images/derivatives.server";
import { env } from "~/env.server";
import { clap, codedPicture, gridLayout, heifFile, ispe } from "../tests/support/heif-boxes";
import { imageFixture } from "../tests/support/image-bombs";
import { mb, type Figure } from "./report";

const pixi = Buffer.from("00000010706978690000000003080808", "hex");

/** Peak resident memory above the start while `work` runs, sampled every 10 ms. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number; ms: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  try {
    const result = await work();
    return { result, growth: Math.max(peak, process.memoryUsage().rss) - before, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

export async function heifSizeFigures(): Promise<Figure[]> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "bench-heif-"));
  try {
    const huge = codedPicture(await fs.readFile(imageFixture("solid-10000x10000.avif")));
    const picture = (id: number, ...more: Buffer[]) => ({
      id,
      type: "av01",
      data: huge.data,
      properties: [ispe(10_000, 10_000), huge.av1C, pixi, ...more],
    });
    const files = {
      "AVIF coded 10000x10000, cropped to 64x64": heifFile({ items: [picture(1, clap(64, 64))] }),
      "a 64x64 grid of one 10000x10000 tile": heifFile({
        items: [{ id: 1, type: "grid", data: gridLayout(1, 1, 64, 64), properties: [ispe(64, 64)] }, picture(2)],
        references: [{ type: "dimg", from: 1, to: [2] }],
      }),
    };
    const figures: Figure[] = [];
    for (const [name, bytes] of Object.entries(files)) {
      const paths = await Promise.all(
        [1, 2, 3, 4].map(async (i) => {
          const file = path.join(folder, `${i}-${name.length}.avif`);
          await fs.writeFile(file, bytes);
          return file;
        }),
      );
      const { result, growth, ms } = await peakGrowth(() =>
        Promise.allSettled(paths.map((file) => makeDerivatives(file, PHOTO_SIZES, env().UPLOAD_MAX_PIXELS))),
      );
      const refused = result.filter((outcome) => outcome.status === "rejected").length;
      figures.push({
        name: `four at once, ${name} (${bytes.length.toLocaleString()} bytes each): refused, time, peak growth`,
        value: `${refused} of 4, ${ms.toFixed(0)} ms, +${mb(growth)}`,
        target: "all refused, under 100 MB",
        pass: refused === 4 && growth < 100 * 1024 * 1024,
      });
    }
    return figures;
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
