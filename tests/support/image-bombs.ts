// Small files that are expensive to read, made from scratch so tests can prove
// the image pipeline's bounds: PNGs whose compressed text or colour profile
// inflates a thousandfold, a PNG whose header declares a gigapixel image, and
// a JPEG carrying tens of megabytes of extended XMP.
import { createHash } from "node:crypto";
import path from "node:path";
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

/** A JPEG segment: marker, big-endian length (itself included), body. */
function jpegSegment(marker: number, body: Buffer) {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** An XMP packet of about `bytes` bytes: one long description. */
export function xmpPacket(bytes: number) {
  return (
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:subject><rdf:Bag>` +
    `<rdf:li>${"B".repeat(1000)}</rdf:li>`.repeat(Math.ceil(bytes / 1017)) +
    `</rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>`
  );
}

const EXTENDED_XMP_CHUNK = 65_000;

/**
 * `jpeg` (a small JPEG) carrying `segments` APP1 segments of extended XMP
 * (about 64 KB each, as Adobe's extension splits a packet too large for one
 * segment), announced by the main XMP packet with its GUID: 700 of them make
 * the 45 MB file of the report, which exiftool read for 40 s and printed as
 * megabytes of JSON.
 */
export function extendedXmpJpeg(jpeg: Buffer, segments: number) {
  const extension = Buffer.from(xmpPacket((segments - 1) * EXTENDED_XMP_CHUNK));
  const guid = createHash("md5").update(extension).digest("hex").toUpperCase();
  const main =
    `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    `<rdf:Description rdf:about="" xmlns:xmpNote="http://ns.adobe.com/xmp/note/" xmpNote:HasExtendedXMP="${guid}"/>` +
    `</rdf:RDF></x:xmpmeta>`;
  const parts = [jpegSegment(0xe1, Buffer.from(main, "latin1"))];
  for (let offset = 0; offset < extension.length; offset += EXTENDED_XMP_CHUNK) {
    const sizes = Buffer.alloc(8);
    sizes.writeUInt32BE(extension.length, 0);
    sizes.writeUInt32BE(offset, 4);
    const header = Buffer.from(`http://ns.adobe.com/xmp/extension/\0${guid}`, "latin1");
    parts.push(
      jpegSegment(0xe1, Buffer.concat([header, sizes, extension.subarray(offset, offset + EXTENDED_XMP_CHUNK)])),
    );
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...parts, jpeg.subarray(2)]);
}

/**
 * A picture kept in tests/fixtures/images/ (see its README): the one-colour
 * AVIFs there are a few hundred bytes to 2 KB, but AV1's encoder takes 12 s and
 * 2 GB to make the 10000x10000 one, so they are made once, not per run.
 */
export function imageFixture(name: string): string {
  return path.join(import.meta.dirname, "../fixtures/images", name);
}

/**
 * A little-endian TIFF of `pages` 1x1 grey pages, each page's IFD carrying an
 * ImageDescription of `descriptionBytes` letters: sharp reads the first page's
 * header only, exiftool every page's tags.
 */
export function manyPageTiff(pages: number, descriptionBytes: number) {
  const entries = 9;
  const ifdBytes = 2 + entries * 12 + 4;
  const pageBytes = ifdBytes + descriptionBytes + 1 + 1;
  const file = Buffer.alloc(8 + pages * pageBytes);
  file.write("II", 0, "latin1");
  file.writeUInt16LE(42, 2);
  file.writeUInt32LE(8, 4);
  for (let page = 0; page < pages; page++) {
    const ifd = 8 + page * pageBytes;
    const description = ifd + ifdBytes;
    const pixel = description + descriptionBytes + 1;
    const fields: [number, number, number, number][] = [
      [256, 3, 1, 1], // ImageWidth
      [257, 3, 1, 1], // ImageLength
      [258, 3, 1, 8], // BitsPerSample
      [259, 3, 1, 1], // Compression: none
      [262, 3, 1, 1], // PhotometricInterpretation: black is zero
      [270, 2, descriptionBytes + 1, description], // ImageDescription
      [273, 4, 1, pixel], // StripOffsets
      [278, 3, 1, 1], // RowsPerStrip
      [279, 4, 1, 1], // StripByteCounts
    ];
    file.writeUInt16LE(entries, ifd);
    fields.forEach(([tag, type, count, value], i) => {
      const at = ifd + 2 + i * 12;
      file.writeUInt16LE(tag, at);
      file.writeUInt16LE(type, at + 2);
      file.writeUInt32LE(count, at + 4);
      if (type === 3) file.writeUInt16LE(value, at + 8);
      else file.writeUInt32LE(value, at + 8);
    });
    file.writeUInt32LE(page + 1 < pages ? ifd + pageBytes : 0, ifd + 2 + entries * 12);
    file.fill(0x44, description, description + descriptionBytes);
    file[pixel] = 0x80;
  }
  return file;
}
