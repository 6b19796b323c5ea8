import { describe, expect, it } from "vitest";
import { apertureDescription, exposureDescription, focalLengthDescription } from "./exif-descriptions";

describe("setting descriptions", () => {
  it("reads like a photographer writes them", () => {
    expect(apertureDescription(2.8)).toBe("f/2.8");
    expect(apertureDescription(11)).toBe("f/11");
    expect(focalLengthDescription(23)).toBe("23.0 mm");
    expect(exposureDescription(1 / 250)).toBe("1/250");
    expect(exposureDescription(0.5)).toBe("1/2");
    expect(exposureDescription(2)).toBe("2s");
  });
});
