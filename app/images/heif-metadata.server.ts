// The metadata of an AVIF or a HEIC (both HEIF: ISO base media boxes), measured
// from its boxes (embedded-metadata.server.ts says why). A HEIF file is a row
// of boxes: 'ftyp', 'meta' (what the items are, where their bytes lie, their
// properties, the colour profile among them) and 'mdat' (the items' bytes: the
// coded pictures, and the EXIF and XMP items beside them). Counted as metadata:
// the whole 'meta' box, every top-level box other than 'ftyp', 'mdat' and
// padding (a 'uuid' XMP box, say), and the EXIF, XMP ('mime') and URI items'
// bytes wherever they lie, as the item location box ('iloc') gives them.
import { type FileBytes, MAX_PARTS, type MetadataTally } from "./metadata-bytes.server";

type Box = { type: string; start: number; body: number; end: number };

/** The boxes of a buffer between `start` and `end`. */
function boxesIn(buffer: Buffer, start: number, end: number): Box[] {
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

/** Item types whose bytes are metadata, not a picture. */
const METADATA_ITEMS = new Set(["Exif", "mime", "uri "]);

/** The metadata items' ids, from the item information box ('iinf'). */
function metadataItems(meta: Buffer, iinf: Box): Set<number> {
  const ids = new Set<number>();
  const version = meta[iinf.body]!;
  const first = iinf.body + 4 + (version === 0 ? 2 : 4);
  for (const infe of boxesIn(meta, first, iinf.end)) {
    if (infe.type !== "infe" || infe.body + 8 > infe.end) continue;
    const infeVersion = meta[infe.body]!;
    // Versions 0 and 1 carry no item type: their items are all metadata of some kind.
    if (infeVersion < 2) ids.add(meta.readUInt16BE(infe.body + 4));
    else {
      const id = infeVersion === 2 ? meta.readUInt16BE(infe.body + 4) : meta.readUInt32BE(infe.body + 4);
      const typeAt = infe.body + 4 + (infeVersion === 2 ? 2 : 4) + 2;
      if (typeAt + 4 <= infe.end && METADATA_ITEMS.has(meta.toString("latin1", typeAt, typeAt + 4))) ids.add(id);
    }
  }
  return ids;
}

/** Reads an unsigned integer of 0, 4 or 8 bytes (iloc's field sizes). */
function sized(buffer: Buffer, at: number, bytes: number): number {
  if (bytes === 4) return buffer.readUInt32BE(at);
  if (bytes === 8) return Number(buffer.readBigUInt64BE(at));
  return 0;
}

/** The bytes of the items `ids` (their extents' lengths), from the item location box ('iloc'). */
function itemBytes(meta: Buffer, iloc: Box, ids: Set<number>, fileSize: number): number {
  const version = meta[iloc.body]!;
  const offsetSize = meta[iloc.body + 4]! >> 4;
  const lengthSize = meta[iloc.body + 4]! & 15;
  const baseOffsetSize = meta[iloc.body + 5]! >> 4;
  const indexSize = version >= 1 ? meta[iloc.body + 5]! & 15 : 0;
  let at = iloc.body + 6;
  const count = version < 2 ? meta.readUInt16BE(at) : meta.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  let total = 0;
  for (let item = 0; item < count && at < iloc.end; item++) {
    const id = version < 2 ? meta.readUInt16BE(at) : meta.readUInt32BE(at);
    at += (version < 2 ? 2 : 4) + (version >= 1 ? 2 : 0) + 2 + baseOffsetSize;
    const extents = meta.readUInt16BE(at);
    at += 2;
    for (let extent = 0; extent < extents; extent++) {
      at += indexSize + offsetSize;
      // A length of 0 is "to the end of the file".
      const length = Math.min(sized(meta, at, lengthSize) || fileSize, fileSize);
      at += lengthSize;
      if (ids.has(id)) total += length;
    }
  }
  return total;
}

/** Top-level boxes that hold no metadata of their own. */
const PLAIN_BOXES = new Set(["ftyp", "mdat", "free", "skip"]);

export async function heifMetadata(bytes: FileBytes, tally: MetadataTally): Promise<void> {
  let position = 0;
  for (let boxes = 0; boxes <= MAX_PARTS && position + 8 <= bytes.size; boxes++) {
    const header = await bytes.read(position, 16);
    const type = header.toString("latin1", 4, 8);
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) return;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) size = bytes.size - position;
    // A broken box is for the decoders to judge.
    if (size < headerSize) return;
    const end = Math.min(bytes.size, position + size);
    if (type === "meta") {
      // The box itself first, so an oversized one is refused before it is read.
      tally.add(end - position);
      const meta = await bytes.read(position, end - position);
      const children = boxesIn(meta, headerSize + 4, meta.length);
      const iinf = children.find((child) => child.type === "iinf");
      const iloc = children.find((child) => child.type === "iloc");
      if (iinf && iloc) {
        try {
          tally.add(itemBytes(meta, iloc, metadataItems(meta, iinf), bytes.size));
        } catch (error) {
          // A box cut short (a read past its buffer) is a broken file, for the decoders to judge.
          if (!(error instanceof RangeError)) throw error;
        }
      }
    } else if (!PLAIN_BOXES.has(type)) {
      tally.add(end - position);
    }
    position += size;
  }
}
