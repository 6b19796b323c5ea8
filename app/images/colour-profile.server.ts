// The colours of decoded pixels that arrive without their colour profile.
//
// libheif (heic-decode) hands back an iPhone HEIC's pixels as they were coded:
// in Display P3, a wider gamut than sRGB. Read as sRGB they look duller (a P3
// red shown as an sRGB red of the same numbers is less saturated). sharp
// converts an image with an embedded ICC profile to sRGB on output, but raw
// pixels cannot carry one, so the pixels are wrapped as an uncompressed PNG
// with the HEIC's own profile (read by sharp from the container) in an iCCP
// chunk: about 0.1 s for 12 MP, against 2 to 3 s of HEVC decoding.
import zlib from "node:zlib";
import sharp, { type SharpOptions } from "sharp";

const PNG_SIGNATURE_BYTES = 8;
/** IHDR is always the first chunk: length, type, 13 bytes of data, CRC. */
const IHDR_CHUNK_BYTES = 4 + 4 + 13 + 4;

/** A PNG chunk: big-endian length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const typeBytes = Buffer.from(type, "latin1");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([typeBytes, data])));
  return Buffer.concat([length, typeBytes, data, crc]);
}

/** The iCCP chunk of a profile: a name, NUL, compression method 0 (zlib), the compressed profile. */
function iccpChunk(icc: Buffer): Buffer {
  return chunk("iCCP", Buffer.concat([Buffer.from("icc\0\0", "latin1"), zlib.deflateSync(icc)]));
}

/**
 * Raw RGBA pixels as a PNG that carries `icc`, for sharp to read with its
 * colours; without a profile the raw pixels are returned for sharp as they are.
 */
export async function rgbaWithProfile(
  rgba: Uint8Array,
  size: { width: number; height: number },
  icc: Buffer | undefined,
  limitInputPixels: number,
): Promise<{ input: Buffer | Uint8Array; options: SharpOptions }> {
  const raw = { width: size.width, height: size.height, channels: 4 } as const;
  if (!icc) return { input: rgba, options: { raw, limitInputPixels } };
  const png = await sharp(rgba, { raw, limitInputPixels }).png({ compressionLevel: 0 }).toBuffer();
  const split = PNG_SIGNATURE_BYTES + IHDR_CHUNK_BYTES;
  const tagged = Buffer.concat([png.subarray(0, split), iccpChunk(icc), png.subarray(split)]);
  return { input: tagged, options: { limitInputPixels } };
}
