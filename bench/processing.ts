// Processing one 24 MP JPEG into every size plus its metadata (the app's
// pipeline: sniff, one decode, encode, EXIF by the long-lived exiftool, store),
// against the bare sharp resizes of the same sizes from the same file.
// Target: ratio <= 1.3. Peak memory of the pipeline is printed beside it.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { PHOTO_SIZES } from "~/images/derivatives.server";
import { closeExiftool } from "~/images/exif.server";
import { processImage } from "~/services/uploads/image-processing.server";
import { newOriginalKey } from "~/storage/keys.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { useStorage } from "~/storage/storage.server";
import { fileSize, make24MegapixelJpeg } from "./camera-file";
import { median, mb, type Figure } from "./report";

async function bareResizes(file: string) {
  for (const spec of PHOTO_SIZES) {
    const image = sharp(file)
      .rotate()
      .resize({ width: spec.box, height: spec.box, fit: "inside", withoutEnlargement: true });
    await (
      spec.format === "jpeg"
        ? image.jpeg({ quality: spec.quality, progressive: true })
        : image.webp({ quality: spec.quality })
    ).toBuffer();
  }
}

/** Samples RSS while `run` works; reports the peak above the level before it. */
async function withPeakMemory<T>(run: () => Promise<T>) {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakExternal = before.external + before.arrayBuffers;
  let peakHeap = before.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakExternal = Math.max(peakExternal, now.external + now.arrayBuffers);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 5);
  try {
    const result = await run();
    return { result, peakRss, rssGrowth: peakRss - before.rss, peakHeap, peakExternal };
  } finally {
    clearInterval(timer);
  }
}

export async function benchProcessing(rounds = 5): Promise<Figure[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "club-bench-processing-"));
  const storage = new LocalStorage(path.join(dir, "storage"));
  useStorage(storage);
  try {
    const file = await make24MegapixelJpeg(dir);
    const meta = await sharp(file).metadata();
    console.log(
      `  input: ${meta.width}x${meta.height} JPEG (${((meta.width! * meta.height!) / 1e6).toFixed(1)} MP), ${mb(await fileSize(file))}, orientation ${meta.orientation}`,
    );

    const upload = async () => {
      const key = newOriginalKey();
      await storage.put(key, await fs.readFile(file));
      return key;
    };
    // Warm both paths (exiftool start-up, libvips first use) before timing.
    await bareResizes(file);
    await processImage(await upload(), PHOTO_SIZES, { field: "file", readFacts: true });

    const bare: number[] = [];
    const pipeline: number[] = [];
    let memory = { peakRss: 0, rssGrowth: 0, peakHeap: 0, peakExternal: 0 };
    for (let round = 0; round < rounds; round++) {
      let start = performance.now();
      await bareResizes(file);
      bare.push(performance.now() - start);

      const key = await upload();
      start = performance.now();
      const measured = await withPeakMemory(() => processImage(key, PHOTO_SIZES, { field: "file", readFacts: true }));
      pipeline.push(performance.now() - start);
      if (measured.peakRss > memory.peakRss) memory = measured;
    }
    const ratio = median(pipeline) / median(bare);
    return [
      { name: "processing: bare sharp resizes (median)", value: `${median(bare).toFixed(0)} ms` },
      {
        name: "processing: app pipeline, all sizes + EXIF + store (median)",
        value: `${median(pipeline).toFixed(0)} ms`,
      },
      { name: "processing: pipeline / bare", value: ratio.toFixed(2), target: "<= 1.3", pass: ratio <= 1.3 },
      {
        name: "processing: peak memory",
        value: `RSS ${mb(memory.peakRss)} (+${mb(memory.rssGrowth)} during the run), JS heap ${mb(memory.peakHeap)}, buffers ${mb(memory.peakExternal)}`,
      },
    ];
  } finally {
    useStorage(undefined);
    await closeExiftool();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
