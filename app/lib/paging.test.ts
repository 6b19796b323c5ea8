import { describe, expect, it } from "vitest";
import { linkHeader, pagerItems } from "./paging";

describe("linkHeader", () => {
  it("links first, prev, next and last as full URLs keeping the other parameters", () => {
    const url = new URL("http://club.test/api/photos?sort=rating&userId=7&page=3");
    expect(linkHeader(url, 3, 5)).toBe(
      [
        '<http://club.test/api/photos?sort=rating&userId=7&page=1>; rel="first"',
        '<http://club.test/api/photos?sort=rating&userId=7&page=2>; rel="prev"',
        '<http://club.test/api/photos?sort=rating&userId=7&page=4>; rel="next"',
        '<http://club.test/api/photos?sort=rating&userId=7&page=5>; rel="last"',
      ].join(", "),
    );
  });

  it("has no prev on the first page and no next on the last", () => {
    const url = new URL("http://club.test/api/photos");
    expect(linkHeader(url, 1, 1)).toBe(
      '<http://club.test/api/photos?page=1>; rel="first", <http://club.test/api/photos?page=1>; rel="last"',
    );
    expect(linkHeader(url, 2, 2)).not.toContain('rel="next"');
  });
});

describe("pagerItems", () => {
  const shown = (page: number, count: number) =>
    pagerItems(page, count).map((item) => ("page" in item ? String(item.page) : "…"));

  it("shows first, previous, current, next and last with ellipses between", () => {
    expect(shown(6, 12)).toEqual(["1", "…", "5", "6", "7", "…", "12"]);
    expect(shown(1, 12)).toEqual(["1", "2", "…", "12"]);
    expect(shown(12, 12)).toEqual(["1", "…", "11", "12"]);
    expect(shown(3, 12)).toEqual(["1", "2", "3", "4", "…", "12"]);
  });

  it("shows a lone page, and no ellipsis where no page is left out", () => {
    expect(shown(1, 1)).toEqual(["1"]);
    expect(shown(2, 3)).toEqual(["1", "2", "3"]);
  });
});
