import { describe, expect, it } from "vitest";
import {
  largeImageUrl,
  viewerImageWidth,
  detailImageAttributes,
  GRID_SIZES,
  MEETING_SIZES,
  gridImageAttributes,
  gridImagePreload,
  imageSrcSet,
  isOfferedWidth,
  presenterImageAttributes,
} from "./photo-images";

describe("responsive photo images", () => {
  it("offers a thumbnail at 320 and 768 px beside its stored 1,024 px", () => {
    expect(imageSrcSet("/media/photos/7/thumb", "thumb", 6000)).toBe(
      "/media/photos/7/thumb?w=320 320w, /media/photos/7/thumb?w=768 768w, /media/photos/7/thumb 1024w",
    );
  });

  it("adds the width to an address that already has a query (a versioned one)", () => {
    expect(imageSrcSet("/media/photos/7/large?v=3", "large", 6000)).toBe(
      "/media/photos/7/large?v=3&w=768 768w, /media/photos/7/large?v=3&w=1280 1280w, " +
        "/media/photos/7/large?v=3&w=1920 1920w, /media/photos/7/large?v=3&w=2048 2048w, /media/photos/7/large?v=3 3840w",
    );
  });

  it("leaves out the widths a small photo cannot fill, and names the stored one by the photo's own width", () => {
    expect(imageSrcSet("/media/photos/7/thumb", "thumb", 500)).toBe(
      "/media/photos/7/thumb?w=320 320w, /media/photos/7/thumb 500w",
    );
  });

  it("fetches a grid's first thumbnail first, the rest of the first row where the screen shows it, the others when scrolled near", () => {
    expect(gridImageAttributes({ thumbUrl: "/t", width: 4000 }, 0)).toEqual({
      loading: "eager",
      fetchPriority: "high",
      sizes: GRID_SIZES,
      srcSet: "/t?w=320 320w, /t?w=768 768w, /t 1024w",
      src: "/t",
    });
    for (const index of [1, 3, 4, undefined]) {
      expect(gridImageAttributes({ thumbUrl: "/t", width: 4000 }, index)).toMatchObject({ loading: "lazy" });
      expect(gridImageAttributes({ thumbUrl: "/t", width: 4000 }, index).fetchPriority).toBeUndefined();
    }
    // The first row's others: preloaded from the width that puts them in it, with the <img>'s own choice of copies.
    const widths = [1, 2, 3].map((index) => gridImagePreload({ thumbUrl: "/t", width: 4000 }, index)?.options.media);
    expect(widths).toEqual(["(min-width: 560px)", "(min-width: 860px)", "(min-width: 1100px)"]);
    expect(gridImagePreload({ thumbUrl: "/t", width: 4000 }, 2)).toEqual({
      href: "/t",
      options: {
        as: "image",
        imageSrcSet: gridImageAttributes({ thumbUrl: "/t", width: 4000 }, 2).srcSet,
        imageSizes: GRID_SIZES,
        fetchPriority: "high",
        media: "(min-width: 860px)",
      },
    });
    for (const index of [0, 4, undefined]) expect(gridImagePreload({ thumbUrl: "/t", width: 4000 }, index)).toBeNull();
    // A phone's one column: the page less its 1 rem sides, so 390 px at DPR 2 fits the 768 px copy.
    expect(GRID_SIZES).toMatch(/^\(max-width: 559px\) calc\(100vw - 2rem\)/);
    // The meeting page's 15 rem columns: two from 528 px (31 rem and the page's sides), four from 1,040 px, 280 px each.
    expect(MEETING_SIZES).toBe(
      "(max-width: 527px) calc(100vw - 2rem), (max-width: 783px) calc(50vw - 1.5rem), " +
        "(max-width: 1039px) calc(33.3vw - 1.34rem), min(25vw - 1.25rem, 280px)",
    );
  });

  it("gives the detail's large image a choice by screen width, in a box of the photo's shape", () => {
    expect(detailImageAttributes({ largeUrl: "/l", thumbUrl: "/t", width: 4000, height: 2000 })).toEqual({
      sizes: "(min-width: 960px) min(100vw - 25.25rem, 796px, 160.00vh), min(100vw - 2rem, 160.00vh)",
      srcSet: "/l?w=768 768w, /l?w=1280 1280w, /l?w=1920 1920w, /l?w=2048 2048w, /l 3840w",
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

  it("sizes the presenter's photo by the screen and the photo's shape, so a 1920 px share gets the 1,920 px copy", () => {
    // A wide photo on a stage 88 % of the screen high: as wide as the screen (at 1920x1080, 1,920 px).
    expect(presenterImageAttributes({ largeUrl: "/l", thumbUrl: "/t", width: 4608, height: 1976 }, 88)).toEqual({
      sizes: "min(100vw, 205.21vh)",
      srcSet: "/l?w=768 768w, /l?w=1280 1280w, /l?w=1920 1920w, /l?w=2048 2048w, /l 3840w",
      src: "/l",
    });
    // A portrait photo is as wide as the stage's height lets it be.
    expect(presenterImageAttributes({ largeUrl: "/l", thumbUrl: "/t", width: 2000, height: 3000 }, 90).sizes).toBe(
      "min(100vw, 60.00vh)",
    );
    // A photo of unknown shape may be as wide as the screen; without a large size, the thumbnail.
    expect(presenterImageAttributes({ largeUrl: "/l", thumbUrl: "/t" }, 88).sizes).toBe("100vw");
    expect(presenterImageAttributes({ largeUrl: null, thumbUrl: "/t" }, 88)).toEqual({ src: "/t" });
  });

  it("gives the viewer the narrowest large copy its stage needs, the stored size past the widest", () => {
    // A 390 px phone at DPR 2 showing the whole photo: 780 px, within 5 % of the 768 px copy.
    expect(viewerImageWidth(390, 2)).toBe(768);
    // At DPR 3, and zoomed in twice at DPR 2.
    expect(viewerImageWidth(390, 3)).toBe(1280);
    expect(viewerImageWidth(780, 2)).toBe(1920);
    // A 1,280 px screen at DPR 1 gets the 1,280 px copy; zoomed in further, the stored 3,840 px file.
    expect(viewerImageWidth(1280, 1)).toBe(1280);
    expect(viewerImageWidth(1280 * 2, 1)).toBeNull();
    expect(largeImageUrl("/l?v=k", 768)).toBe("/l?v=k&w=768");
    expect(largeImageUrl("/l", 1920)).toBe("/l?w=1920");
    expect(largeImageUrl("/l", null)).toBe("/l");
  });

  it("offers only its own widths per size", () => {
    expect(isOfferedWidth("thumb", 768)).toBe(true);
    expect(isOfferedWidth("thumb", 1280)).toBe(false);
    expect(isOfferedWidth("large", 768)).toBe(true);
    expect(isOfferedWidth("large", 1920)).toBe(true);
    expect(isOfferedWidth("large", 2048)).toBe(true);
    expect(isOfferedWidth("large", 999)).toBe(false);
  });
});
