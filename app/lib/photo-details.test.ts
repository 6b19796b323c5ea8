import { describe, expect, it } from "vitest";
import { cameraDetails, cameraName, formatTakenAt } from "./photo-details";

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

describe("formatTakenAt", () => {
  it("reads the time on the camera's own clock", () => {
    const instant = new Date(Date.UTC(2024, 4, 1, 8, 0));
    expect(formatTakenAt(instant, "+02:00")).toBe("May 1, 2024, 10:00 AM");
    expect(formatTakenAt(instant, "-07:00")).toBe("May 1, 2024, 1:00 AM");
    expect(formatTakenAt(instant, null)).toBe("May 1, 2024, 8:00 AM");
  });
});

describe("cameraDetails", () => {
  it("lists what the file said, with the camera name shortened", () => {
    expect(
      cameraDetails({
        Make: { value: "Canon", description: "Canon" },
        Model: { value: "Canon EOS 40D", description: "Canon EOS 40D" },
        FNumber: { value: 7.1, description: "f/7.1" },
        ShutterSpeedValue: { value: 0.005, description: "1/200" },
        ISOSpeedRatings: { value: 100, description: "100" },
      }),
    ).toEqual([
      { label: "Camera", value: "Canon EOS 40D" },
      { label: "Aperture", value: "f/7.1" },
      { label: "Shutter speed", value: "1/200" },
      { label: "ISO", value: "100" },
    ]);
    expect(cameraDetails({})).toEqual([]);
  });
});
