// Small files that are expensive to read, made from scratch so tests can prove
// the image pipeline's bounds: PNGs whose compressed text or colour profile
// inflates a thousandfold, and a PNG whose header declares a gigapixel image.
import zlib from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of `width` x `height` grey pixels (8-bit RGB), with `extra` chunks before the pixels. */
export function png(extra: Buffer[] = [], size: { width: number; height: number } = { width: 64, height: 48 }) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size.width, 0);
  header.writeUInt32BE(size.height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size.width * 3, 0x80)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size.height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    ...extra,
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** `megabytes` of one repeated letter, deflated: about a thousandth of that on disk. */
const compressedText = (megabytes: number) =>
  zlib.deflateSync(Buffer.alloc(megabytes * 1024 * 1024, 0x41), { level: 9 });

/** A zTXt chunk (keyword, NUL, method 0, zlib stream). */
export const zTXt = (megabytes: number, keyword = "Comment") =>
  chunk("zTXt", Buffer.concat([Buffer.from(`${keyword}\0\0`, "latin1"), compressedText(megabytes)]));

/** A compressed iTXt chunk (keyword, NUL, flag 1, method 0, language, NUL, translated keyword, NUL, stream). */
export const iTXt = (megabytes: number, keyword = "Description") =>
  chunk("iTXt", Buffer.concat([Buffer.from(`${keyword}\0\x01\0en\0\0`, "latin1"), compressedText(megabytes)]));

/** An iCCP chunk whose compressed "profile" inflates to `megabytes`. */
export const iCCP = (megabytes: number) =>
  chunk("iCCP", Buffer.concat([Buffer.from("icc\0\0", "latin1"), compressedText(megabytes)]));

/** A plain tEXt chunk of `bytes` letters. */
export const tEXt = (bytes: number, keyword = "Comment") =>
  chunk("tEXt", Buffer.concat([Buffer.from(`${keyword}\0`, "latin1"), Buffer.alloc(bytes, 0x42)]));

/** The zTXt bomb of the report: ~300 KB on disk, 300 MB of text once inflated. */
export const textBombPng = (megabytes = 300) => png([zTXt(megabytes)]);

/** A PNG whose header declares `width` x `height` pixels but holds one row of data. */
export function hugeDimensionsPng(width = 100_000, height = 100_000) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(1 + width * 3, 0))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
