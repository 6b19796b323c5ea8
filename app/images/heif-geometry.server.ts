// The size a HEIF decoder (AVIF, HEIC, any brand) will really decode, read from
// the file's boxes before any decoder runs. sharp reports the
// picture as shown: after the clean aperture ('clap') crop and the rotation
// ('irot'). libheif decodes the coded frame first: a 2.7 KB AVIF coded at
// 10000x10000 with a 'clap' cropping it to 64x64 passed a budget judged on
// 64x64 and took 1.4 GB. A grid's picture is its tiles, each decoded whole.
//
// So the budget is the coded size ('ispe') of every image item the decoder
// touches: the primary item, each tile of a grid (or input of an overlay, or
// source of a derived item), or an auxiliary image of the primary (its alpha
// plane) when that is larger. A file whose boxes disagree (an item without its size, a grid whose
// tiles do not make its picture, a shown size larger than the coded one) is
// refused before any decoder sees it.
import fs from "node:fs/promises";
import { FileBytes } from "./metadata-bytes.server";
import { boxesIn, itemLocations, type Box, type ItemLocation, readTopLevelBox } from "./heif-boxes.server";

/** The boxes disagree about the picture's size: refused as a damaged file (422). */
export class HeifGeometryError extends Error {
  constructor(reason: string) {
    super(`The HEIF file's boxes disagree: ${reason}`);
    this.name = "HeifGeometryError";
  }
}

export type HeifGeometry = {
  /** The primary item's coded size ('ispe'), before any crop or rotation. */
  width: number;
  height: number;
  /** The pixels the decoder will decode: the primary item (its tiles), or a larger auxiliary image of it. */
  codedPixels: number;
};

/** Derived items nest (a grid of derived items...): deeper than this is no photo. */
const MAX_NESTING = 4;
const MAX_TILES = 10_000;

type Items = {
  meta: Buffer;
  /** Where the meta box's children start (after its full-box header). */
  first: number;
  types: Map<number, string>;
  refs: Map<string, Map<number, number[]>>;
  sizes: Map<number, { width: number; height: number }[]>;
  locations: Map<number, ItemLocation>;
  idat: Box | undefined;
  /** Items visited so far: overlays of overlays could fan out without end. */
  visits: number;
};

/** The coded geometry of a HEIF file; throws HeifGeometryError when its boxes disagree. */
export async function heifGeometry(file: string): Promise<HeifGeometry> {
  const handle = await fs.open(file, "r");
  try {
    const bytes = new FileBytes(handle, (await handle.stat()).size);
    try {
      return await geometryOf(bytes);
    } catch (error) {
      // A box cut short (a read past its buffer) is a broken file.
      if (error instanceof RangeError) throw new HeifGeometryError("a box is cut short");
      throw error;
    }
  } finally {
    await handle.close();
  }
}

async function geometryOf(bytes: FileBytes): Promise<HeifGeometry> {
  const box = await readTopLevelBox(bytes, "meta");
  if (!box) throw new HeifGeometryError("no 'meta' box");
  const meta = box.data;
  const first = box.body + 4;
  const items = readItems(meta, first);
  const pitm = child(meta, first, "pitm");
  if (!pitm) throw new HeifGeometryError("no primary item");
  const primary = meta[pitm.body] === 0 ? meta.readUInt16BE(pitm.body + 4) : meta.readUInt32BE(pitm.body + 4);
  const size = sizeOf(items, primary);
  let codedPixels = await pixelsOf(items, bytes, primary, 0);
  // An alpha plane as large as the picture is in the budget's channels already (4 for RGBA); one
  // larger than the picture is what decides.
  for (const [aux, targets] of items.refs.get("auxl") ?? []) {
    if (targets.includes(primary)) codedPixels = Math.max(codedPixels, await pixelsOf(items, bytes, aux, 0));
  }
  return { ...size, codedPixels };
}

const child = (meta: Buffer, first: number, type: string) =>
  boxesIn(meta, first, meta.length).find((box) => box.type === type);

function readItems(meta: Buffer, first: number): Items {
  const types = new Map<number, string>();
  const iinf = child(meta, first, "iinf");
  if (iinf) {
    const entries = iinf.body + 4 + (meta[iinf.body] === 0 ? 2 : 4);
    for (const infe of boxesIn(meta, entries, iinf.end)) {
      const version = meta[infe.body]!;
      if (infe.type !== "infe" || version < 2) continue;
      const id = version === 2 ? meta.readUInt16BE(infe.body + 4) : meta.readUInt32BE(infe.body + 4);
      const typeAt = infe.body + 4 + (version === 2 ? 2 : 4) + 2;
      types.set(id, meta.toString("latin1", typeAt, typeAt + 4));
    }
  }
  const refs = new Map<string, Map<number, number[]>>();
  const iref = child(meta, first, "iref");
  if (iref) {
    const wide = meta[iref.body] !== 0;
    const id = (at: number) => (wide ? meta.readUInt32BE(at) : meta.readUInt16BE(at));
    const idBytes = wide ? 4 : 2;
    for (const reference of boxesIn(meta, iref.body + 4, iref.end)) {
      const from = id(reference.body);
      const count = meta.readUInt16BE(reference.body + idBytes);
      const to = Array.from({ length: count }, (_, i) => id(reference.body + idBytes + 2 + i * idBytes));
      const byType = refs.get(reference.type) ?? new Map<number, number[]>();
      byType.set(from, [...(byType.get(from) ?? []), ...to]);
      refs.set(reference.type, byType);
    }
  }
  return {
    meta,
    first,
    types,
    refs,
    sizes: itemSizes(meta, first),
    locations: locationsIn(meta, first),
    idat: child(meta, first, "idat"),
    visits: 0,
  };
}

/** Each item's 'ispe' properties, through the property associations ('ipma'). */
function itemSizes(meta: Buffer, first: number): Map<number, { width: number; height: number }[]> {
  const sizes = new Map<number, { width: number; height: number }[]>();
  const iprp = child(meta, first, "iprp");
  if (!iprp) return sizes;
  const parts = boxesIn(meta, iprp.body, iprp.end);
  const ipco = parts.find((box) => box.type === "ipco");
  if (!ipco) return sizes;
  const properties = boxesIn(meta, ipco.body, ipco.end);
  for (const ipma of parts.filter((box) => box.type === "ipma")) {
    const version = meta[ipma.body]!;
    const wideIndex = (meta[ipma.body + 3]! & 1) === 1;
    let at = ipma.body + 4;
    const entries = meta.readUInt32BE(at);
    at += 4;
    for (let entry = 0; entry < entries && at < ipma.end; entry++) {
      const id = version < 1 ? meta.readUInt16BE(at) : meta.readUInt32BE(at);
      at += version < 1 ? 2 : 4;
      const count = meta[at]!;
      at += 1;
      for (let i = 0; i < count; i++) {
        const index = wideIndex ? meta.readUInt16BE(at) & 0x7fff : meta[at]! & 0x7f;
        at += wideIndex ? 2 : 1;
        const property = properties[index - 1];
        if (property?.type !== "ispe") continue;
        const size = { width: meta.readUInt32BE(property.body + 4), height: meta.readUInt32BE(property.body + 8) };
        sizes.set(id, [...(sizes.get(id) ?? []), size]);
      }
    }
  }
  return sizes;
}

/** Where each item's bytes lie, from the meta box's 'iloc' (none without one). */
function locationsIn(meta: Buffer, first: number): Items["locations"] {
  const iloc = child(meta, first, "iloc");
  return iloc ? itemLocations(meta, iloc) : new Map();
}

/** An image item's one coded size; an item with none, or with two that differ, disagrees. */
function sizeOf(items: Items, id: number): { width: number; height: number } {
  const sizes = items.sizes.get(id) ?? [];
  const [size] = sizes;
  if (!size || sizes.some((other) => other.width !== size.width || other.height !== size.height)) {
    throw new HeifGeometryError(`item ${id} has ${sizes.length ? "two sizes" : "no size ('ispe')"}`);
  }
  if (size.width === 0 || size.height === 0) throw new HeifGeometryError(`item ${id} is empty`);
  return size;
}

/** The pixels the decoder decodes for item `id`: its own, or its tiles', inputs' or source's. */
async function pixelsOf(items: Items, bytes: FileBytes, id: number, depth: number): Promise<number> {
  if (depth > MAX_NESTING) throw new HeifGeometryError("derived items nest too deep");
  if (++items.visits > MAX_TILES) throw new HeifGeometryError("more image items than any photo has");
  const size = sizeOf(items, id);
  const type = items.types.get(id);
  const inputs = items.refs.get("dimg")?.get(id) ?? [];
  if (type === "grid") return gridPixels(items, bytes, id, size, inputs, depth);
  if (type === "iovl" || type === "iden") {
    if (inputs.length === 0) throw new HeifGeometryError(`${type} item ${id} has no inputs`);
    let pixels = type === "iovl" ? size.width * size.height : 0;
    for (const input of inputs) pixels += await pixelsOf(items, bytes, input, depth + 1);
    return pixels;
  }
  return size.width * size.height;
}

/** A grid's tiles, each decoded whole: they must make its picture, as its own data says it. */
async function gridPixels(
  items: Items,
  bytes: FileBytes,
  id: number,
  size: { width: number; height: number },
  tiles: number[],
  depth: number,
): Promise<number> {
  const data = await itemData(items, bytes, id, 12);
  if (data.length < 8) throw new HeifGeometryError(`grid ${id} has no layout`);
  const wide = (data[1]! & 1) === 1;
  const rows = data[2]! + 1;
  const columns = data[3]! + 1;
  const width = wide ? data.readUInt32BE(4) : data.readUInt16BE(4);
  const height = wide ? data.readUInt32BE(8) : data.readUInt16BE(6);
  if (width !== size.width || height !== size.height)
    throw new HeifGeometryError(`grid ${id}'s size and layout differ`);
  if (tiles.length !== rows * columns || tiles.length > MAX_TILES) {
    throw new HeifGeometryError(`grid ${id} lays out ${rows * columns} tiles and has ${tiles.length}`);
  }
  const tile = sizeOf(items, tiles[0]!);
  // Tiles are all one size, and just cover the picture: no row or column lies wholly outside it.
  const covers = (count: number, side: number, whole: number) => count * side >= whole && (count - 1) * side < whole;
  if (!covers(columns, tile.width, width) || !covers(rows, tile.height, height)) {
    throw new HeifGeometryError(`grid ${id}'s tiles do not make its picture`);
  }
  let pixels = 0;
  for (const input of tiles) {
    const other = sizeOf(items, input);
    if (other.width !== tile.width || other.height !== tile.height) {
      throw new HeifGeometryError(`grid ${id}'s tiles differ in size`);
    }
    pixels += await pixelsOf(items, bytes, input, depth + 1);
  }
  return pixels;
}

/** The first `length` bytes of an item's data, from the file or the 'idat' box. */
async function itemData(items: Items, bytes: FileBytes, id: number, length: number): Promise<Buffer> {
  const location = items.locations.get(id);
  const first = location?.extents[0];
  if (!location || !first) return Buffer.alloc(0);
  const wanted = Math.min(length, first.length || length);
  if (location.method === 1) {
    if (!items.idat) return Buffer.alloc(0);
    const start = items.idat.body + first.offset;
    return items.meta.subarray(start, Math.min(start + wanted, items.idat.end));
  }
  return bytes.read(first.offset, wanted);
}
