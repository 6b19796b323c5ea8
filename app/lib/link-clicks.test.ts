import { describe, expect, it } from "vitest";
import { followsInSite, leadsTo, navLinkState, replacesHere } from "./link-clicks";

/** A plain left click: the first button, no modifier key, nothing has handled it. */
const noModifiers = { metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };
const leftClick = { defaultPrevented: false, button: 0, ...noModifiers };

describe("link clicks", () => {
  it("follows a plain left click on a link that opens in this tab", () => {
    expect(followsInSite(leftClick, "")).toBe(true);
    expect(followsInSite(leftClick, "_self")).toBe(true);
  });

  it("leaves new tabs, windows, downloads and other buttons to the browser", () => {
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) {
      expect(followsInSite({ ...leftClick, [key]: true }, "")).toBe(false);
    }
    expect(followsInSite({ ...leftClick, button: 1 }, "")).toBe(false);
    expect(followsInSite(leftClick, "_blank")).toBe(false);
  });

  it("does not follow a click something else already handled", () => {
    expect(followsInSite({ ...leftClick, defaultPrevented: true }, "")).toBe(false);
  });

  it("replaces the history entry only for the address already shown", () => {
    const here = { pathname: "/browse/12", search: "?sort=rating&page=2", hash: "" };
    expect(replacesHere("/browse/12?sort=rating&page=2", here)).toBe(true);
    expect(replacesHere("/browse/12", here)).toBe(false);
    expect(replacesHere("/browse/13?sort=rating&page=2", here)).toBe(false);
  });

  it("marks a navigation link current on its page and the pages under it, as NavLink does", () => {
    expect(leadsTo("/members", "/members")).toBe(true);
    expect(leadsTo("/members", "/members/pia/2024")).toBe(true);
    expect(leadsTo("/members", "/Members/")).toBe(true);
    expect(leadsTo("/members", "/membership")).toBe(false);
    expect(leadsTo("/", "/browse", true)).toBe(false);
    expect(leadsTo("/", "/", true)).toBe(true);
    expect(leadsTo("/admin/members", "/members")).toBe(false);
  });

  it("gives a navigation link NavLink's classes: active for the page shown, pending for the one opening", () => {
    expect(navLinkState("/browse", false, "/browse/12", null)).toEqual({ current: true, className: "active" });
    expect(navLinkState("/browse", false, "/comments", "/browse")).toEqual({ current: false, className: "pending" });
    expect(navLinkState("/browse", false, "/browse", "/browse/3")).toEqual({
      current: true,
      className: "active pending",
    });
    expect(navLinkState("/", true, "/browse", "/members")).toEqual({ current: false, className: undefined });
  });
});
