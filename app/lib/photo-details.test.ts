import { describe, expect, it } from "vitest";
import { cameraName } from "./camera-name";

describe("cameraName", () => {
  it("drops a make the model already starts with", () => {
    expect(cameraName("Canon", "Canon EOS R5")).toBe("Canon EOS R5");
    expect(cameraName("Canon", "Canon EOS 40D")).toBe("Canon EOS 40D");
    expect(cameraName("NIKON CORPORATION", "NIKON D70")).toBe("NIKON D70");
    expect(cameraName("PENTAX Corporation", "PENTAX K10D")).toBe("PENTAX K10D");
  });

  it("keeps the make when the model does not repeat it", () => {
    expect(cameraName("FUJIFILM", "X100V")).toBe("FUJIFILM X100V");
    expect(cameraName("HMD Global", "Nokia 8.3 5G")).toBe("HMD Global Nokia 8.3 5G");
  });

  it("copes with a missing make or model", () => {
    expect(cameraName(null, "X100V")).toBe("X100V");
    expect(cameraName("Leica", "")).toBe("Leica");
    expect(cameraName(undefined, undefined)).toBeNull();
  });
});
