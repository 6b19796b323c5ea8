// HEIF files written box by box (ISO base media), for the decode budget's tests:
// the coded pictures come from real AVIFs sharp made (their 'av1C' property and
// their one item's bytes), and the boxes around them say whatever the test
// needs: a clean aperture ('clap') cropping a large picture to a small one, a
// grid whose tiles are larger than its picture, an item without its size.
import { boxesIn, itemLocations } from "~/images/heif-boxes.server";

const u8 = (value: number) => Buffer.from([value]);
const u16 = (value: number) => Buffer.from([value >> 8, value & 255]);
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
};

export function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, "latin1"), body]);
}

const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u8(version), u8(flags >> 16), u16(flags & 0xffff), ...parts);

export const ispe = (width: number, height: number) => fullBox("ispe", 0, 0, u32(width), u32(height));

/** A clean aperture of `width` x `height` at the centre (each value a fraction n/1). */
export const clap = (width: number, height: number) =>
  box("clap", u32(width), u32(1), u32(height), u32(1), u32(0), u32(1), u32(0), u32(1));

/** A grid's layout (its item's data): rows, columns, and the picture's size (16-bit fields). */
export const gridLayout = (rows: number, columns: number, width: number, height: number) =>
  Buffer.concat([u8(0), u8(0), u8(rows - 1), u8(columns - 1), u16(width), u16(height)]);

/** The coded picture of a one-item AVIF: its 'av1C' property box and its bytes (the 'mdat' body). */
export function codedPicture(avif: Buffer): { av1C: Buffer; data: Buffer } {
  const top = boxesIn(avif, 0, avif.length);
  const meta = top.find((b) => b.type === "meta")!;
  const mdat = top.find((b) => b.type === "mdat")!;
  const iprp = boxesIn(avif, meta.body + 4, meta.end).find((b) => b.type === "iprp")!;
  const ipco = boxesIn(avif, iprp.body, iprp.end).find((b) => b.type === "ipco")!;
  const av1C = boxesIn(avif, ipco.body, ipco.end).find((b) => b.type === "av1C")!;
  return { av1C: avif.subarray(av1C.start, av1C.end), data: avif.subarray(mdat.body, mdat.end) };
}

/** The first coded tile of a real HEIC (an iPhone's grid, 512x512 tiles): its 'hvcC' property box and its bytes. */
export function hevcTile(heic: Buffer): { hvcC: Buffer; data: Buffer } {
  const meta = boxesIn(heic, 0, heic.length).find((b) => b.type === "meta")!;
  const children = boxesIn(heic, meta.body + 4, meta.end);
  const iinf = children.find((b) => b.type === "iinf")!;
  const entries = iinf.body + 4 + (heic[iinf.body] === 0 ? 2 : 4);
  const tile = boxesIn(heic, entries, iinf.end).find((infe) => {
    const typeAt = infe.body + 4 + (heic[infe.body] === 2 ? 2 : 4) + 2;
    return heic.toString("latin1", typeAt, typeAt + 4) === "hvc1";
  })!;
  const id = heic[tile.body] === 2 ? heic.readUInt16BE(tile.body + 4) : heic.readUInt32BE(tile.body + 4);
  const [extent] = itemLocations(
    heic,
    children.find((b) => b.type === "iloc")!,
  ).get(id)!.extents;
  const iprp = children.find((b) => b.type === "iprp")!;
  const ipco = boxesIn(heic, iprp.body, iprp.end).find((b) => b.type === "ipco")!;
  const hvcC = boxesIn(heic, ipco.body, ipco.end).find((b) => b.type === "hvcC")!;
  return {
    hvcC: heic.subarray(hvcC.start, hvcC.end),
    data: heic.subarray(extent!.offset, extent!.offset + extent!.length),
  };
}

export type HeifItem = {
  id: number;
  /** 'av01', 'hvc1', 'grid', ... */
  type: string;
  data: Buffer;
  /** Its property boxes, in order (ispe, av1C, clap, irot...). */
  properties: Buffer[];
};

/** A HEIF file of `items` (the first the primary unless `primary` says), with 'dimg' and 'auxl' references. */
export function heifFile({
  brand = "avif",
  items,
  primary = items[0]!.id,
  references = [],
}: {
  brand?: string;
  items: HeifItem[];
  primary?: number;
  references?: { type: string; from: number; to: number[] }[];
}): Buffer {
  const ftyp = box("ftyp", Buffer.from(brand, "latin1"), u32(0), Buffer.from(`${brand}mif1miaf`, "latin1"));
  const properties = items.flatMap((item) => item.properties);
  const meta = (dataStart: number) => {
    let offset = dataStart;
    const locations = items.map((item) => {
      const entry = Buffer.concat([u16(item.id), u16(0), u16(1), u32(offset), u32(item.data.length)]);
      offset += item.data.length;
      return entry;
    });
    let index = 0;
    const associations = items.map((item) =>
      Buffer.concat([u16(item.id), u8(item.properties.length), ...item.properties.map(() => u8(0x80 | ++index))]),
    );
    return fullBox(
      "meta",
      0,
      0,
      fullBox("hdlr", 0, 0, u32(0), Buffer.from("pict", "latin1"), u32(0), u32(0), u32(0), u8(0)),
      fullBox("pitm", 0, 0, u16(primary)),
      // Offsets and lengths of 4 bytes, no base offset.
      fullBox("iloc", 0, 0, u8(0x44), u8(0), u16(items.length), ...locations),
      fullBox(
        "iinf",
        0,
        0,
        u16(items.length),
        ...items.map((item) => fullBox("infe", 2, 0, u16(item.id), u16(0), Buffer.from(item.type, "latin1"), u8(0))),
      ),
      ...(references.length
        ? [
            fullBox(
              "iref",
              0,
              0,
              ...references.map((ref) => box(ref.type, u16(ref.from), u16(ref.to.length), ...ref.to.map(u16))),
            ),
          ]
        : []),
      box("iprp", box("ipco", ...properties), fullBox("ipma", 0, 0, u32(items.length), ...associations)),
    );
  };
  // The items' offsets depend on the meta box's length, which does not depend on them.
  const dataStart = ftyp.length + meta(0).length + 8;
  const mdat = box("mdat", ...items.map((item) => item.data));
  return Buffer.concat([ftyp, meta(dataStart), mdat]);
}
