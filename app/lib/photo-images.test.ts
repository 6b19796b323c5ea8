import { describe, expect, it } from "vitest";
import { detailImageAttributes, GRID_SIZES, gridImageAttributes, imageSrcSet, isOfferedWidth } from "./photo-images";

describe("responsive photo images", () => {
  it("offers a thumbnail at 320 and 640 px beside its stored 1,024 px", () => {
    expect(imageSrcSet("/media/photos/7/thumb", "thumb", 6000)).toBe(
      "/media/photos/7/thumb?w=320 320w, /media/photos/7/thumb?w=640 640w, /media/photos/7/thumb 1024w",
    );
  });

  it("leaves out the widths a small photo cannot fill, and names the stored one by the photo's own width", () => {
    expect(imageSrcSet("/media/photos/7/thumb", "thumb", 500)).toBe(
      "/media/photos/7/thumb?w=320 320w, /media/photos/7/thumb 500w",
    );
  });

  it("gives the grid's <img> its sizes and the detail's large image a choice by screen width", () => {
    expect(gridImageAttributes({ thumbUrl: "/t", width: 4000 })).toEqual({
      src: "/t",
      srcSet: "/t?w=320 320w, /t?w=640 640w, /t 1024w",
      sizes: GRID_SIZES,
    });
    expect(detailImageAttributes({ largeUrl: "/l", thumbUrl: "/t", width: 4000 })).toEqual({
      src: "/l",
      srcSet: "/l?w=1280 1280w, /l?w=2048 2048w, /l 3840w",
      sizes: "100vw",
    });
    // Visitors have no large size: the thumbnail alone.
    expect(detailImageAttributes({ largeUrl: null, thumbUrl: "/t" })).toEqual({ src: "/t" });
  });

  it("offers only its own widths per size", () => {
    expect(isOfferedWidth("thumb", 320)).toBe(true);
    expect(isOfferedWidth("thumb", 1280)).toBe(false);
    expect(isOfferedWidth("large", 2048)).toBe(true);
    expect(isOfferedWidth("large", 999)).toBe(false);
  });
});
