// What every picture the club makes must lack: the embedded metadata blocks a
// camera file carries (EXIF with GPS, colour profile, XMP, IPTC, orientation).
import sharp from "sharp";
import { expect } from "vitest";

/** Fails unless the image carries none of EXIF, ICC, XMP, IPTC or an orientation; returns its metadata. */
export async function expectNoEmbeddedMetadata(image: Buffer) {
  const meta = await sharp(image).metadata();
  expect({ exif: meta.exif, icc: meta.icc, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation }).toEqual({
    exif: undefined,
    icc: undefined,
    xmp: undefined,
    iptc: undefined,
    orientation: undefined,
  });
  return meta;
}
