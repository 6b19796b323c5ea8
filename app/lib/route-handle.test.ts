import { describe, expect, it } from "vitest";
import { drawsOwnScreen, isGuestPage, type RouteHandle } from "./route-handle";

const own: RouteHandle = { ownScreen: true };

describe("a route that draws the window itself", () => {
  it("is drawn alone once its data is there", () => {
    expect(
      drawsOwnScreen([
        { handle: undefined, data: { siteTitle: "Club" } },
        { handle: own, data: { id: 1 } },
      ]),
    ).toBe(true);
  });

  it("leaves its error screen (no data: the loader was refused) to the shell", () => {
    expect(drawsOwnScreen([{ data: { siteTitle: "Club" } }, { handle: own, data: undefined }])).toBe(false);
  });

  it("is no route that says nothing, or says otherwise", () => {
    expect(drawsOwnScreen([{ data: {} }, { handle: { ownScreen: false }, data: {} }, { handle: "x", data: {} }])).toBe(
      false,
    );
  });
});

describe("isGuestPage", () => {
  it("is true when a matched route is a guest's, with or without its data (a closed link's error screen)", () => {
    expect(isGuestPage([{ handle: undefined }, { handle: { guest: true } satisfies RouteHandle }])).toBe(true);
    expect(isGuestPage([{ handle: undefined }, { handle: { ownScreen: true } satisfies RouteHandle }])).toBe(false);
    expect(isGuestPage([])).toBe(false);
  });
});
