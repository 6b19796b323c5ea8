import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { cspDirectives } from "./security-headers.server";

const response = { locals: { cspNonce: "abc123" } } as unknown as ServerResponse;
const request = {} as IncomingMessage;

/** The directives as the header would spell them. */
function spelled(directives: ReturnType<typeof cspDirectives>) {
  return Object.fromEntries(
    Object.entries(directives).map(([name, values]) => [
      name,
      values.map((value) => (typeof value === "function" ? value(request, response) : value)),
    ]),
  );
}

describe("cspDirectives", () => {
  it("lets production run only the site's scripts and this response's inline ones", () => {
    const policy = spelled(cspDirectives({ development: false, production: true, baseUrl: "https://club.example" }));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy["connect-src"]).toEqual(["'self'", "wss://club.example"]);
    expect(policy["upgrade-insecure-requests"]).toEqual([]);
    expect(JSON.stringify(policy)).not.toContain("unsafe-eval");
  });

  it("is looser in development, where Vite injects scripts without the nonce and opens its own socket", () => {
    const policy = spelled(cspDirectives({ development: true, production: false, baseUrl: "http://localhost:3000" }));
    // With a nonce listed, browsers would ignore 'unsafe-inline'.
    expect(policy["script-src"]).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
    expect(policy["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy["connect-src"]).toEqual(["'self'", "ws://localhost:3000", "ws:", "wss:"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["upgrade-insecure-requests"]).toBeUndefined();
  });

  it("allows the object storage's public origin for images and direct uploads", () => {
    const policy = spelled(
      cspDirectives({
        development: false,
        production: true,
        baseUrl: "http://club.test",
        storageUrl: "http://minio.local:9000/bucket/",
      }),
    );
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:", "http://minio.local:9000"]);
    expect(policy["connect-src"]).toEqual(["'self'", "ws://club.test", "http://minio.local:9000"]);
  });
});
