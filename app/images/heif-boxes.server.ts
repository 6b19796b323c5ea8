// Reading a HEIF file's boxes (ISO base media: a 32-bit size, a 4-letter type,
// a 64-bit size when the first is 1, to the end of the file when it is 0), for
// its metadata (heif-metadata.server.ts) and its coded size (heif-geometry.server.ts).
import { type FileBytes, MAX_PARTS } from "./metadata-bytes.server";

export type Box = { type: string; start: number; body: number; end: number };

/** The boxes of a buffer between `start` and `end`. */
export function boxesIn(buffer: Buffer, start: number, end: number): Box[] {
  const found: Box[] = [];
  for (let at = start; at + 8 <= end && found.length <= MAX_PARTS;) {
    let size = buffer.readUInt32BE(at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(buffer.readBigUInt64BE(at + 8));
      body += 8;
    } else if (size === 0) size = end - at;
    if (size < body - at) break;
    found.push({ type: buffer.toString("latin1", at + 4, at + 8), start: at, body, end: Math.min(end, at + size) });
    at += size;
  }
  return found;
}

/** The file's top-level boxes, one at a time from its start (`visit` returns false to stop). */
export async function eachTopLevelBox(bytes: FileBytes, visit: (box: Box) => Promise<boolean | void>): Promise<void> {
  let position = 0;
  for (let boxes = 0; boxes <= MAX_PARTS && position + 8 <= bytes.size; boxes++) {
    const header = await bytes.read(position, 16);
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) return;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) size = bytes.size - position;
    // A broken box ends the walk.
    if (size < headerSize) return;
    const box = {
      type: header.toString("latin1", 4, 8),
      start: position,
      body: position + headerSize,
      end: Math.min(bytes.size, position + size),
    };
    if ((await visit(box)) === false) return;
    position += size;
  }
}

/** The first top-level box of `type`, read whole: its bytes, and where its body starts in them. */
export async function readTopLevelBox(bytes: FileBytes, type: string): Promise<{ data: Buffer; body: number } | null> {
  let found: { data: Buffer; body: number } | null = null;
  await eachTopLevelBox(bytes, async (box) => {
    if (box.type !== type) return true;
    found = { data: await bytes.read(box.start, box.end - box.start), body: box.body - box.start };
    return false;
  });
  return found;
}

/** An unsigned integer of 0, 4 or 8 bytes ('iloc''s field sizes; 0 bytes is the value 0). */
function sized(buffer: Buffer, at: number, bytes: number): number {
  return bytes === 4 ? buffer.readUInt32BE(at) : bytes === 8 ? Number(buffer.readBigUInt64BE(at)) : 0;
}

/** Where an item's bytes lie: in the file (method 0) or in the 'idat' box (method 1); a length of 0 runs to the end. */
export type ItemLocation = { method: number; extents: { offset: number; length: number }[] };

/** Each item's location, read from the item location box ('iloc') of `meta`. */
export function itemLocations(meta: Buffer, iloc: Box): Map<number, ItemLocation> {
  const locations = new Map<number, ItemLocation>();
  const version = meta[iloc.body]!;
  const offsetSize = meta[iloc.body + 4]! >> 4;
  const lengthSize = meta[iloc.body + 4]! & 15;
  const baseOffsetSize = meta[iloc.body + 5]! >> 4;
  const indexSize = version >= 1 ? meta[iloc.body + 5]! & 15 : 0;
  let at = iloc.body + 6;
  const count = version < 2 ? meta.readUInt16BE(at) : meta.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  for (let item = 0; item < count && at < iloc.end; item++) {
    const id = version < 2 ? meta.readUInt16BE(at) : meta.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    const method = version >= 1 ? meta.readUInt16BE(at) & 15 : 0;
    at += (version >= 1 ? 2 : 0) + 2;
    const base = sized(meta, at, baseOffsetSize);
    at += baseOffsetSize;
    const extents = Array.from({ length: meta.readUInt16BE(at) }, () => ({ offset: 0, length: 0 }));
    at += 2;
    for (const extent of extents) {
      at += indexSize;
      extent.offset = base + sized(meta, at, offsetSize);
      at += offsetSize;
      extent.length = sized(meta, at, lengthSize);
      at += lengthSize;
    }
    locations.set(id, { method, extents });
  }
  return locations;
}
