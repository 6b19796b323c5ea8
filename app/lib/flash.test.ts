import { describe, expect, it } from "vitest";
import { flashFromState } from "./flash";

describe("flashFromState", () => {
  it("reads the flash message passed through navigation state", () => {
    expect(flashFromState({ flash: "Invite sent!", from: "/x" })).toBe("Invite sent!");
  });

  it.each([null, undefined, "Invite sent!", {}, { flash: 3 }, { from: "/meetings" }])("is null for %o", (state) => {
    expect(flashFromState(state)).toBeNull();
  });
});
