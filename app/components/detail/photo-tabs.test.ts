import { describe, expect, it } from "vitest";
import { DEFAULT_PHOTO_TAB, tabAfterKey, tabHref, tabInAddress, tabsFor, withTab } from "./photo-tabs";

describe("the tabs under a photo", () => {
  it("shows the private notes to the owner only, in the strip's order", () => {
    expect(tabsFor(true)).toEqual(["comments", "details", "notes"]);
    expect(tabsFor(false)).toEqual(["comments", "details"]);
  });

  it("opens on Comments unless the address names another tab the member has", () => {
    expect(DEFAULT_PHOTO_TAB).toBe("comments");
    const member = tabsFor(false);
    expect(tabInAddress("", member, DEFAULT_PHOTO_TAB)).toBe("comments");
    expect(tabInAddress("?sort=new&tab=details", member, DEFAULT_PHOTO_TAB)).toBe("details");
    // Another member's address with the owner's notes, or nonsense: the default.
    expect(tabInAddress("?tab=notes", member, DEFAULT_PHOTO_TAB)).toBe("comments");
    expect(tabInAddress("?tab=toString", member, DEFAULT_PHOTO_TAB)).toBe("comments");
    expect(tabInAddress("?tab=notes", tabsFor(true), DEFAULT_PHOTO_TAB)).toBe("notes");
    expect(tabInAddress("", member, "details")).toBe("details");
  });

  it("carries the tab to the neighbours, leaving the default out of the address", () => {
    expect(withTab("/browse/7?sort=new", "comments", "details")).toBe("/browse/7?sort=new&tab=comments");
    expect(withTab("/browse/7?tab=comments&sort=new", "details", "details")).toBe("/browse/7?sort=new");
    expect(withTab("/comments/7?page=2#c9", "comments", "comments")).toBe("/comments/7?page=2#c9");
  });

  it("gives each tab its address without a comment's edit or delete step", () => {
    expect(tabHref("/browse/7", "?sort=new&editComment=3", "comments", "details")).toBe(
      "/browse/7?sort=new&tab=comments",
    );
    expect(tabHref("/browse/7", "?deleteComment=3&tab=comments", "details", "details")).toBe("/browse/7");
  });

  it("moves round the strip with the arrows, to its ends with Home and End", () => {
    const tabs = tabsFor(true);
    expect(tabAfterKey(tabs, "comments", "ArrowRight")).toBe("details");
    expect(tabAfterKey(tabs, "notes", "ArrowRight")).toBe("comments");
    expect(tabAfterKey(tabs, "comments", "ArrowLeft")).toBe("notes");
    expect(tabAfterKey(tabs, "details", "Home")).toBe("comments");
    expect(tabAfterKey(tabs, "details", "End")).toBe("notes");
    expect(tabAfterKey(tabs, "details", "Enter")).toBeNull();
  });
});
