import { describe, expect, it } from "vitest";
import { signAssetId, verifySignedId } from "./signed-ids.server";

describe("signed ids", () => {
  it("round-trips every id, whatever characters its signature happens to contain", () => {
    for (let id = 1; id <= 2000; id++) {
      expect(verifySignedId(signAssetId(id, "upload", new Date(Date.now() + 60_000)), "upload")).toEqual({
        ok: true,
        assetId: id,
      });
    }
  });

  it("refuses another purpose, a changed body or signature, junk, and an expired id", () => {
    const signed = signAssetId(7, "upload");
    expect(verifySignedId(signed, "put")).toEqual({ ok: false, reason: "invalid" });
    const [body, mac] = signed.split(".");
    const forgedBody = Buffer.from(JSON.stringify({ a: 8, p: "upload" })).toString("base64url");
    expect(verifySignedId(`${forgedBody}.${mac}`, "upload")).toEqual({ ok: false, reason: "invalid" });
    expect(verifySignedId(`${body}.${mac!.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`, "upload")).toEqual({
      ok: false,
      reason: "invalid",
    });
    for (const junk of [undefined, 7, "", "a.b.c", "x".repeat(600)])
      expect(verifySignedId(junk, "upload").ok).toBe(false);
    expect(verifySignedId(signAssetId(7, "upload", new Date(Date.now() - 1000)), "upload")).toEqual({
      ok: false,
      reason: "expired",
    });
  });
});
