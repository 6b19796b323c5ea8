import { describe, expect, it } from "vitest";
import { detailImageAttributes, GRID_SIZES, gridImageAttributes, imageSrcSet, isOfferedWidth } from "./photo-images";

describe("responsive photo images", () => {
  it("offers a thumbnail at 320 and 768 px beside its stored 1,024 px", () => {
    expect(imageSrcSet("/media/photos/7/thumb", "thumb", 6000)).toBe(
      "/media/photos/7/thumb?w=320 320w, /media/photos/7/thumb?w=768 768w, /media/photos/7/thumb 1024w",
    );
  });

  it("adds the width to an address that already has a query (a versioned one)", () => {
    expect(imageSrcSet("/media/photos/7/large?v=3", "large", 6000)).toBe(
      "/media/photos/7/large?v=3&w=768 768w, /media/photos/7/large?v=3&w=1280 1280w, " +
        "/media/photos/7/large?v=3&w=2048 2048w, /media/photos/7/large?v=3 3840w",
    );
  });

  it("leaves out the widths a small photo cannot fill, and names the stored one by the photo's own width", () => {
    expect(imageSrcSet("/media/photos/7/thumb", "thumb", 500)).toBe(
      "/media/photos/7/thumb?w=320 320w, /media/photos/7/thumb 500w",
    );
  });

  it("fetches a grid's first screen of thumbnails at once, the first two first, and the rest when scrolled near", () => {
    expect(gridImageAttributes({ thumbUrl: "/t", width: 4000 }, 0)).toEqual({
      loading: "eager",
      fetchPriority: "high",
      sizes: GRID_SIZES,
      srcSet: "/t?w=320 320w, /t?w=768 768w, /t 1024w",
      src: "/t",
    });
    expect(gridImageAttributes({ thumbUrl: "/t", width: 4000 }, 3)).toMatchObject({ loading: "eager" });
    expect(gridImageAttributes({ thumbUrl: "/t", width: 4000 }, 3).fetchPriority).toBeUndefined();
    expect(gridImageAttributes({ thumbUrl: "/t", width: 4000 }, 4)).toMatchObject({ loading: "lazy" });
    // A phone's one column: the page less its 1 rem sides, so 390 px at DPR 2 fits the 768 px copy.
    expect(GRID_SIZES).toMatch(/^\(max-width: 559px\) calc\(100vw - 2rem\)/);
  });

  it("gives the detail's large image a choice by screen width, in a box of the photo's shape", () => {
    expect(detailImageAttributes({ largeUrl: "/l", thumbUrl: "/t", width: 4000, height: 2000 })).toEqual({
      sizes: "(min-width: 960px) min(100vw - 25.25rem, 796px, 160.00vh), min(100vw - 2rem, 160.00vh)",
      srcSet: "/l?w=768 768w, /l?w=1280 1280w, /l?w=2048 2048w, /l 3840w",
      src: "/l",
      fetchPriority: "high",
      width: 4000,
      height: 2000,
      style: { aspectRatio: "4000 / 2000", width: "min(100%, 160.00vh)", height: "auto" },
    });
    // Visitors have no large size: the thumbnail alone, no wider than itself.
    expect(detailImageAttributes({ largeUrl: null, thumbUrl: "/t", width: 600, height: 400 })).toMatchObject({
      src: "/t",
      style: { width: "min(100%, 120.00vh, 600px)" },
    });
    expect(detailImageAttributes({ largeUrl: null, thumbUrl: "/t" })).toEqual({ src: "/t", fetchPriority: "high" });
  });

  it("offers only its own widths per size", () => {
    expect(isOfferedWidth("thumb", 768)).toBe(true);
    expect(isOfferedWidth("thumb", 1280)).toBe(false);
    expect(isOfferedWidth("large", 768)).toBe(true);
    expect(isOfferedWidth("large", 2048)).toBe(true);
    expect(isOfferedWidth("large", 999)).toBe(false);
  });
});
