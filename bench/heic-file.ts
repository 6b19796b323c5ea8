// A 12-megapixel iPhone-style HEIC for the processing benchmark, made without
// an HEVC encoder (none installs from npm): the real iPhone fixture's 512x512
// HEVC tiles are laid out again in the grid an iPhone uses for 12 MP (8 x 6
// tiles, 4032 x 3024), in a new HEIF container with the fixture's EXIF. The
// picture is a patchwork of the fixture's tiles, but libheif decodes exactly
// what it decodes for a real 12 MP iPhone photo: 48 HEVC tiles, one grid.
import fs from "node:fs/promises";
import path from "node:path";
import { cameraFixture } from "../tests/fixtures/camera-files";

const FIXTURE = cameraFixture("IMG_5195.HEIC");
const TILE = 512;
const COLUMNS = 8;
const ROWS = 6;
export const HEIC_12MP = { width: 4032, height: 3024 };

type Box = { type: string; start: number; body: number; end: number };

function boxes(buf: Buffer, start: number, end: number): Box[] {
  const found: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    let size = buf.readUInt32BE(at);
    let body = at + 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      body += 8;
    } else if (size === 0) size = end - at;
    found.push({ type: buf.toString("latin1", at + 4, at + 8), start: at, body, end: at + size });
    at += size;
  }
  return found;
}

const child = (buf: Buffer, parent: Box, type: string, fullBox = false) => {
  const found = boxes(buf, parent.body + (fullBox ? 4 : 0), parent.end).find((b) => b.type === type);
  if (!found) throw new Error(`No '${type}' box in '${parent.type}'`);
  return found;
};

function readUInt(buf: Buffer, at: number, bytes: number): number {
  if (bytes === 0) return 0;
  if (bytes === 8) return Number(buf.readBigUInt64BE(at));
  return buf.readUIntBE(at, bytes);
}

/** What the fixture holds: items' types and bytes, the tiles' grid references, the properties. */
function parseFixture(buf: Buffer) {
  const meta = boxes(buf, 0, buf.length).find((b) => b.type === "meta")!;
  const iinf = child(buf, meta, "iinf", true);
  const iinfVersion = buf[iinf.body]!;
  const types = new Map<number, string>();
  for (const infe of boxes(buf, iinf.body + 4 + (iinfVersion === 0 ? 2 : 4), iinf.end)) {
    const version = buf[infe.body]!;
    const id = version >= 3 ? buf.readUInt32BE(infe.body + 4) : buf.readUInt16BE(infe.body + 4);
    const typeAt = infe.body + 4 + (version >= 3 ? 4 : 2) + 2;
    types.set(id, buf.toString("latin1", typeAt, typeAt + 4));
  }

  const iloc = child(buf, meta, "iloc", true);
  const idat = boxes(buf, meta.body + 4, meta.end).find((b) => b.type === "idat");
  const version = buf[iloc.body]!;
  let at = iloc.body + 4;
  const offsetSize = buf[at]! >> 4;
  const lengthSize = buf[at]! & 15;
  const baseSize = buf[at + 1]! >> 4;
  const indexSize = version >= 1 ? buf[at + 1]! & 15 : 0;
  at += 2;
  const count = version < 2 ? buf.readUInt16BE(at) : buf.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  const data = new Map<number, Buffer>();
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? buf.readUInt16BE(at) : buf.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    const method = version >= 1 ? buf.readUInt16BE(at) & 15 : 0;
    if (version >= 1) at += 2;
    at += 2; // data reference index
    const base = readUInt(buf, at, baseSize);
    at += baseSize;
    const extents = buf.readUInt16BE(at);
    at += 2;
    const parts: Buffer[] = [];
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = readUInt(buf, at, offsetSize);
      at += offsetSize;
      const length = readUInt(buf, at, lengthSize);
      at += lengthSize;
      // Construction method 0: in the file; 1: in the meta box's idat (an iPhone's grid description).
      const from = method === 0 ? 0 : idat!.body;
      parts.push(buf.subarray(from + base + offset, from + base + offset + length));
    }
    data.set(id, Buffer.concat(parts));
  }

  const iref = child(buf, meta, "iref", true);
  const irefVersion = buf[iref.body]!;
  const idSize = irefVersion === 0 ? 2 : 4;
  const dimg = new Map<number, number[]>();
  for (const ref of boxes(buf, iref.body + 4, iref.end)) {
    if (ref.type !== "dimg") continue;
    const from = readUInt(buf, ref.body, idSize);
    const n = buf.readUInt16BE(ref.body + idSize);
    const to = Array.from({ length: n }, (_, k) => readUInt(buf, ref.body + idSize + 2 + k * idSize, idSize));
    dimg.set(from, to);
  }

  const iprp = child(buf, meta, "iprp", true);
  const properties = boxes(buf, child(buf, iprp, "ipco").body, child(buf, iprp, "ipco").end);
  const ipma = child(buf, iprp, "ipma");
  const ipmaVersion = buf[ipma.body]!;
  const wide = (buf.readUInt32BE(ipma.body) & 1) === 1;
  const associations = new Map<number, number[]>();
  at = ipma.body + 4;
  const entries = buf.readUInt32BE(at);
  at += 4;
  for (let i = 0; i < entries; i++) {
    const id = ipmaVersion < 1 ? buf.readUInt16BE(at) : buf.readUInt32BE(at);
    at += ipmaVersion < 1 ? 2 : 4;
    const n = buf[at++]!;
    const list: number[] = [];
    for (let k = 0; k < n; k++) {
      list.push(wide ? buf.readUInt16BE(at) & 0x7fff : buf[at]! & 0x7f);
      at += wide ? 2 : 1;
    }
    associations.set(id, list);
  }
  const propertyOf = (item: number, type: string) => {
    const index = (associations.get(item) ?? []).find((i) => properties[i - 1]?.type === type);
    const box = index ? properties[index - 1]! : undefined;
    return box ? buf.subarray(box.start, box.end) : undefined;
  };

  const grid = [...types].find(([, type]) => type === "grid")![0];
  const tiles = dimg.get(grid)!;
  const exif = [...types].find(([, type]) => type === "Exif")?.[0];
  // Only whole tiles: the last column and row hold a few pixels and the encoder's padding.
  const gridData = data.get(grid)!;
  const [rows, columns] = [gridData[2]! + 1, gridData[3]! + 1];
  const whole = tiles.filter((_, i) => i % columns < columns - 1 && Math.floor(i / columns) < rows - 1);
  return {
    tiles: whole.map((id) => data.get(id)!),
    hvcC: propertyOf(tiles[0]!, "hvcC")!,
    colr: propertyOf(grid, "colr") ?? propertyOf(tiles[0]!, "colr"),
    exif: exif === undefined ? undefined : data.get(exif),
  };
}

const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, "latin1"), body]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u32((version << 24) | flags), ...parts);

/** The HEIF file: one grid of `tiles`, its EXIF, every item's bytes in one mdat. */
function writeHeif(parts: ReturnType<typeof parseFixture>): Buffer {
  const count = COLUMNS * ROWS;
  const gridId = 1;
  const tileIds = Array.from({ length: count }, (_, i) => 2 + i);
  const exifId = 2 + count;
  const gridData = Buffer.concat([
    u8(0),
    u8(0),
    u8(ROWS - 1),
    u8(COLUMNS - 1),
    u16(HEIC_12MP.width),
    u16(HEIC_12MP.height),
  ]);
  const payloads: [number, Buffer][] = [
    [gridId, gridData],
    ...tileIds.map((id, i): [number, Buffer] => [id, parts.tiles[i % parts.tiles.length]!]),
    ...(parts.exif ? [[exifId, parts.exif] as [number, Buffer]] : []),
  ];

  const infe = (id: number, type: string, hidden: boolean) =>
    fullBox("infe", 2, hidden ? 1 : 0, u16(id), u16(0), Buffer.from(type, "latin1"), Buffer.from([0]));
  const iinf = fullBox(
    "iinf",
    0,
    0,
    u16(payloads.length),
    infe(gridId, "grid", false),
    ...tileIds.map((id) => infe(id, "hvc1", true)),
    ...(parts.exif ? [infe(exifId, "Exif", false)] : []),
  );
  const iref = fullBox(
    "iref",
    0,
    0,
    box("dimg", u16(gridId), u16(count), ...tileIds.map(u16)),
    ...(parts.exif ? [box("cdsc", u16(exifId), u16(1), u16(gridId))] : []),
  );
  const ispe = (w: number, h: number) => fullBox("ispe", 0, 0, u32(w), u32(h));
  // Properties: 1 hvcC, 2 tile ispe, 3 grid ispe, 4 colr.
  const ipco = box(
    "ipco",
    parts.hvcC,
    ispe(TILE, TILE),
    ispe(HEIC_12MP.width, HEIC_12MP.height),
    ...(parts.colr ? [parts.colr] : []),
  );
  const gridProps = parts.colr ? [3, 4] : [3];
  const ipma = fullBox(
    "ipma",
    0,
    0,
    u32(1 + count),
    u16(gridId),
    u8(gridProps.length),
    ...gridProps.map((p) => u8(p)),
    ...tileIds.flatMap((id) => [u16(id), u8(2), u8(0x80 | 1), u8(2)]),
  );
  const iprp = box("iprp", ipco, ipma);

  const ftyp = box("ftyp", Buffer.from("heic", "latin1"), u32(0), Buffer.from("mif1heic", "latin1"));
  const ilocFor = (offsets: number[]) =>
    fullBox(
      "iloc",
      0,
      0,
      u8(0x44), // offset_size 4, length_size 4
      u8(0x00), // base_offset_size 0
      u16(payloads.length),
      ...payloads.flatMap(([id, bytes], i) => [u16(id), u16(0), u16(1), u32(offsets[i]!), u32(bytes.length)]),
    );
  const metaFor = (offsets: number[]) =>
    fullBox(
      "meta",
      0,
      0,
      fullBox("hdlr", 0, 0, u32(0), Buffer.from("pict", "latin1"), Buffer.alloc(12), Buffer.from([0])),
      fullBox("pitm", 0, 0, u16(gridId)),
      iinf,
      iref,
      iprp,
      ilocFor(offsets),
    );
  // The offsets point into the mdat after the meta box, whose size they do not change.
  const metaSize = metaFor(payloads.map(() => 0)).length;
  let offset = ftyp.length + metaSize + 8;
  const offsets = payloads.map(([, bytes]) => {
    const at = offset;
    offset += bytes.length;
    return at;
  });
  const mdat = box("mdat", ...payloads.map(([, bytes]) => bytes));
  return Buffer.concat([ftyp, metaFor(offsets), mdat]);
}

/** Writes the 12 MP HEIC into `dir`; returns its path. */
export async function make12MegapixelHeic(dir: string): Promise<string> {
  const file = path.join(dir, "IMG_12MP.HEIC");
  await fs.writeFile(file, writeHeif(parseFixture(await fs.readFile(FIXTURE))));
  return file;
}
