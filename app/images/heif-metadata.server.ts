// The metadata of an AVIF or a HEIC (both HEIF: ISO base media boxes), measured
// from its boxes (embedded-metadata.server.ts says why). A HEIF file is a row
// of boxes: 'ftyp', 'meta' (what the items are, where their bytes lie, their
// properties, the colour profile among them) and 'mdat' (the items' bytes: the
// coded pictures, and the EXIF and XMP items beside them). Counted as metadata:
// the whole 'meta' box, every top-level box other than 'ftyp', 'mdat' and
// padding (a 'uuid' XMP box, say), and the EXIF, XMP ('mime') and URI items'
// bytes wherever they lie, as the item location box ('iloc') gives them.
import { boxesIn, type Box, eachTopLevelBox, itemLocations } from "./heif-boxes.server";
import type { FileBytes, MetadataTally } from "./metadata-bytes.server";

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

/** The bytes of the items `ids` (their extents' lengths; 0 is "to the end of the file"), from the 'iloc' box. */
function itemBytes(meta: Buffer, iloc: Box, ids: Set<number>, fileSize: number): number {
  let total = 0;
  for (const [id, { extents }] of itemLocations(meta, iloc)) {
    if (!ids.has(id)) continue;
    for (const { length } of extents) total += Math.min(length || fileSize, fileSize);
  }
  return total;
}

/** Top-level boxes that hold no metadata of their own. */
const PLAIN_BOXES = new Set(["ftyp", "mdat", "free", "skip"]);

export async function heifMetadata(bytes: FileBytes, tally: MetadataTally): Promise<void> {
  await eachTopLevelBox(bytes, async (box) => {
    if (box.type === "meta") {
      // The box itself first, so an oversized one is refused before it is read.
      tally.add(box.end - box.start);
      const meta = await bytes.read(box.start, box.end - box.start);
      const children = boxesIn(meta, box.body - box.start + 4, meta.length);
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
    } else if (!PLAIN_BOXES.has(box.type)) {
      tally.add(box.end - box.start);
    }
  });
}
