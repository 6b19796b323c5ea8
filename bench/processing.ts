// Processing one 24 MP JPEG into every size plus its metadata (the app's
// pipeline: sniff, one decode, encode, EXIF by the long-lived exiftool, store),
// against the bare sharp resizes of the same sizes from the same file.
// Target: ratio <= 1.3. Peak memory of the pipeline is printed beside it.
//
// benchHeic: the same pipeline for one 12 MP iPhone HEIC (decoded by libheif in
// WebAssembly, in a worker) against the same picture as a JPEG (made from the
// decoded HEIC at quality 92, with the HEIC's EXIF), and how long the server's
// event loop is held up while three HEICs are processed at once.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { ExifTool } from "exiftool-vendored";
import sharp from "sharp";
import { PHOTO_SIZES } from "~/images/derivatives.server";
import { closeExiftool } from "~/images/exif.server";
import { decodeHeic } from "~/images/heic.server";
import { processImage } from "~/services/uploads/image-processing.server";
import { newOriginalKey } from "~/storage/keys.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { useStorage } from "~/storage/storage.server";
import { runWithRequestFacts } from "~/base/request-context.server";
import { fileSize, make24MegapixelJpeg } from "./camera-file";
import { HEIC_12MP, make12MegapixelHeic } from "./heic-file";
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

/** Runs a benchmark on photo storage in a folder of its own, then puts everything back and removes the folder. */
async function withBenchStorage<T>(name: string, run: (dir: string, storage: LocalStorage) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `club-bench-${name}-`));
  const storage = new LocalStorage(path.join(dir, "storage"));
  useStorage(storage);
  try {
    return await run(dir, storage);
  } finally {
    useStorage(undefined);
    await closeExiftool();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function benchProcessing(rounds = 5): Promise<Figure[]> {
  return withBenchStorage("processing", async (dir, storage) => {
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
  });
}

/** The HEIC's picture as a JPEG of the same pixels and EXIF. */
async function sameImageAsJpeg(heic: string, dir: string): Promise<string> {
  const file = path.join(dir, "IMG_12MP.jpg");
  const pixels = await decodeHeic(heic, HEIC_12MP, 100_000_000);
  await sharp(pixels.rgba, { raw: { width: pixels.width, height: pixels.height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: 92 })
    .toFile(file);
  const exiftool = new ExifTool({ maxProcs: 1 });
  try {
    await exiftool.write(file, {}, { writeArgs: ["-overwrite_original", "-tagsFromFile", heic, "-exif:all"] });
  } finally {
    await exiftool.end();
  }
  return file;
}

export async function benchHeic(rounds = 3): Promise<Figure[]> {
  return withBenchStorage("heic", async (dir, storage) => {
    const heic = await make12MegapixelHeic(dir);
    const jpeg = await sameImageAsJpeg(heic, dir);
    console.log(
      `  input: ${HEIC_12MP.width}x${HEIC_12MP.height} (12.2 MP), HEIC ${mb(await fileSize(heic))}, the same as JPEG q92 ${mb(await fileSize(jpeg))}`,
    );
    const upload = async (file: string) => {
      const key = newOriginalKey();
      await storage.put(key, await fs.readFile(file));
      return key;
    };
    const process = async (key: string) => processImage(key, PHOTO_SIZES, { field: "file", readFacts: true });
    // Warm both (exiftool, libvips, the WebAssembly compile cache).
    await process(await upload(jpeg));
    const first = await process(await upload(heic));
    if (first.width !== HEIC_12MP.width || !first.facts?.takenAt) throw new Error("The HEIC was not processed whole");

    const asJpeg: number[] = [];
    const asHeic: number[] = [];
    let memory = { peakRss: 0, rssGrowth: 0, peakHeap: 0, peakExternal: 0 };
    for (let round = 0; round < rounds; round++) {
      let key = await upload(jpeg);
      let start = performance.now();
      await process(key);
      asJpeg.push(performance.now() - start);

      key = await upload(heic);
      start = performance.now();
      const measured = await withPeakMemory(() => process(key));
      asHeic.push(performance.now() - start);
      if (measured.peakRss > memory.peakRss) memory = measured;
    }

    // Three members' files at once: the HEIC decodes queue for the worker while the event
    // loop keeps turning; the same three as JPEG show what the rest of the pipeline holds it up.
    const threeAtOnce = async (file: string) => {
      const keys = await Promise.all([file, file, file].map(upload));
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const start = performance.now();
      await Promise.all(
        keys.map((key, i) => runWithRequestFacts({ clientAddress: `10.0.0.${i}` }, () => process(key))),
      );
      const total = performance.now() - start;
      delay.disable();
      return `${total.toFixed(0)} ms; longest stall ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms)`;
    };
    const jpegsTogether = await threeAtOnce(jpeg);
    const heicsTogether = await threeAtOnce(heic);

    const ratio = median(asHeic) / median(asJpeg);
    return [
      { name: "HEIC: the same 12 MP picture as JPEG, pipeline (median)", value: `${median(asJpeg).toFixed(0)} ms` },
      { name: "HEIC: 12 MP iPhone HEIC, pipeline (median)", value: `${median(asHeic).toFixed(0)} ms` },
      { name: "HEIC: HEIC / JPEG", value: ratio.toFixed(2) },
      {
        name: "HEIC: peak memory",
        value: `RSS ${mb(memory.peakRss)} (+${mb(memory.rssGrowth)} during the run), JS heap ${mb(memory.peakHeap)}, buffers ${mb(memory.peakExternal)}`,
      },
      { name: "HEIC: 3 JPEGs at once, total; the event loop", value: jpegsTogether },
      { name: "HEIC: 3 HEICs at once, total; the event loop", value: heicsTogether },
    ];
  });
}
