// Which failed upload steps the queue keeps to try again (storage, database or
// network away) and which it reports as refused (the file itself).
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { isTransientUploadError } from "./direct-upload";

describe("isTransientUploadError", () => {
  it("keeps the file when no answer came, the site's storage or database was away, or its disk was full", () => {
    for (const status of [0, 502, 503, 504, 507]) expect(isTransientUploadError(new ApiError(status, null))).toBe(true);
    expect(isTransientUploadError(new TypeError("Failed to fetch"))).toBe(true);
  });

  it("reports a refusal of the file itself", () => {
    for (const status of [400, 403, 409, 413, 415, 422, 500]) {
      expect(isTransientUploadError(new ApiError(status, { message: "no" }))).toBe(false);
    }
    expect(isTransientUploadError(new DOMException("Upload cancelled", "AbortError"))).toBe(false);
  });
});
