import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_LENGTH, safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/meetings?year=2024", "/meetings?year=2024"],
    ["/members/vivian/2024/12#comments", "/members/vivian/2024/12#comments"],
    ["/members/J%C3%B6rg", "/members/J%C3%B6rg"],
    ["/a/../meetings", "/meetings"],
    // A space inside a path is not dropped by browsers: it stays a path segment.
    ["/ /evil.example", "/%20/evil.example"],
    ["https://evil.example/", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["meetings", "/"],
    ["/login?from=/x", "/"],
    ["/LOGIN", "/"],
    ["/logout", "/"],
    ["/setup/abc", "/"],
    [null, "/"],
  ])("%s -> %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  // Each of these reaches a browser as (or decodes to) "//evil.example" or "\\evil.example".
  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "/\u0000/evil.example",
    "/\\/evil.example",
    "/foo\\bar",
    "\\\\evil.example",
    "/%2F/evil.example",
    "/%2f/evil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%252F/evil.example",
    "/%25252F/evil.example",
    "/%2525252F/evil.example",
    "/./%2F/evil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2E%2E//evil.example",
    "https:/evil.example",
    "javascript:alert(1)",
    " /meetings",
  ])("refuses %j", (input) => {
    expect(safeRedirect(input)).toBe("/");
  });

  it("falls back on very long input", () => {
    expect(safeRedirect(`/${"a".repeat(MAX_REDIRECT_LENGTH)}`)).toBe("/");
    expect(safeRedirect(`/${"a".repeat(100)}`)).toBe(`/${"a".repeat(100)}`);
  });

  it.each([undefined, 42, {}, ["/meetings"], new Blob(["/meetings"])])("falls back on the non-string %o", (input) => {
    expect(safeRedirect(input)).toBe("/");
  });

  it("uses the caller's fallback", () => {
    expect(safeRedirect("//evil.example", "/members")).toBe("/members");
  });

  it("never answers something a browser would take off the site", () => {
    const base = "https://club.example/here";
    const samples = ["/%2F%2Fx", "/%", "/%%2F/x", "/\u2028/x", "/\u00a0/x", "/%E2%80%A8/x", "/%C0%AF/x"];
    for (const sample of samples) {
      const target = safeRedirect(sample);
      expect(target.startsWith("/")).toBe(true);
      expect(new URL(target, base).origin).toBe("https://club.example");
      expect([...target].every((c) => c.charCodeAt(0) > 0x20 && c !== "\u007f" && c !== "\\")).toBe(true);
    }
  });
});
