// iPhone photos (HEIC: HEVC inside a HEIF container). The prebuilt sharp reads
// a HEIC's header but has no HEVC decoder, so the pixels come from libheif
// compiled to WebAssembly (heic-decode / libheif-js: no native build). libheif
// applies the container's rotation and mirroring (irot, imir) while decoding, so
// the pixels arrive upright and the EXIF orientation must not be applied again.
//
// Decoding is seconds of synchronous WebAssembly, so it runs in a worker thread,
// never on the server's event loop: one short-lived worker per photo, ended
// afterwards so the WebAssembly memory (which only grows) is given back at once,
// under a time limit. How many run at once is the image-processing gate's
// business (processing-gate.server.ts): one per turn at most.
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { withinImageTurn } from "./processing-gate.server";

/** libheif could not decode the file, or it is damaged; `damaged` picks the message the member sees. */
export class HeicUnreadableError extends Error {
  constructor(
    message: string,
    readonly damaged = false,
  ) {
    super(message);
    this.name = "HeicUnreadableError";
  }
}

export type DecodedHeic = { width: number; height: number; rgba: Buffer };

/** A 100 MP photo decodes in ~10 s on one core; a minute means something is wrong with the file. */
const DECODE_TIME_LIMIT_MS = 60_000;

/**
 * Walks the file's top-level boxes: a HEIF file is a row of boxes, each with
 * its size up front, so a truncated upload has a last box running past the end.
 * libheif would decode it anyway, filling the missing tiles with grey.
 */
export async function checkHeifBoxes(file: string): Promise<void> {
  const handle = await fs.open(file, "r");
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let position = 0;
    while (position < size) {
      const { bytesRead } = await handle.read(header, 0, 16, position);
      if (bytesRead < 8) throw new HeicUnreadableError("HEIF box header cut short", true);
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) throw new HeicUnreadableError("HEIF box header cut short", true);
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        return; // The last box runs to the end of the file.
      }
      if (boxSize < 8 || position + boxSize > size) throw new HeicUnreadableError("HEIF file is truncated", true);
      position += boxSize;
    }
  } finally {
    await handle.close();
  }
}

// The worker: plain CommonJS given as a string, so it runs the same from the
// sources (tsx, vitest) and from the server build. It decodes the top-level
// image of the size the header declared (the primary one), after checking that
// size against the limit again, and hands the pixels back without copying them.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const decode = require(workerData.decoderPath);
(async () => {
  const images = await decode.all({ buffer: fs.readFileSync(workerData.file) });
  try {
    // The image the header described (the primary one), else the first.
    const image = images.find((i) => i.width === workerData.width && i.height === workerData.height) || images[0];
    if (!(image.width > 0 && image.height > 0)) throw new Error("HEIF image has no dimensions");
    if (image.width * image.height > workerData.maxPixels) throw new Error("Input image exceeds pixel limit");
    const { width, height, data } = await image.decode();
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

const decoderPath = () => createRequire(import.meta.url).resolve("heic-decode");

type WorkerAnswer = { width: number; height: number; data: Uint8ClampedArray } | { error: string };

function decodeInWorker(
  file: string,
  declared: { width: number; height: number },
  maxPixels: number,
): Promise<DecodedHeic> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, ...declared, maxPixels, decoderPath: decoderPath() },
      // The JavaScript heap holds little (the pixels live in WebAssembly memory and one buffer).
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new HeicUnreadableError("HEIC decoding took too long"))),
      DECODE_TIME_LIMIT_MS,
    );
    worker.once("message", (answer: WorkerAnswer) =>
      finish(() => {
        if ("error" in answer) {
          reject(/pixel limit/.test(answer.error) ? new Error(answer.error) : new HeicUnreadableError(answer.error));
        } else {
          const { width, height, data } = answer;
          resolve({ width, height, rgba: Buffer.from(data.buffer, data.byteOffset, data.byteLength) });
        }
      }),
    );
    // A WebAssembly abort (out of memory, say) ends the worker without a message.
    worker.once("error", (error) => finish(() => reject(new HeicUnreadableError(String(error?.message ?? error)))));
    worker.once("exit", (code) => finish(() => reject(new HeicUnreadableError(`HEIC decoder stopped (${code})`))));
  });
}

/**
 * Decodes a HEIC to upright RGBA pixels, in an image-processing turn. The caller
 * has already checked the size the header declares against the pixel limit; the
 * worker checks it again in libheif's own reading, and the result must be the
 * size declared.
 */
export function decodeHeic(
  file: string,
  declared: { width: number; height: number },
  maxPixels: number,
): Promise<DecodedHeic> {
  return withinImageTurn(async () => {
    await checkHeifBoxes(file);
    const decoded = await decodeInWorker(file, declared, maxPixels);
    if (decoded.width !== declared.width || decoded.height !== declared.height) {
      throw new HeicUnreadableError(
        `HEIC decoded to ${decoded.width}x${decoded.height}, not the declared ${declared.width}x${declared.height}`,
        true,
      );
    }
    return decoded;
  });
}
