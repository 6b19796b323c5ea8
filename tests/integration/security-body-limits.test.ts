// No one can exhaust the server's memory with request bodies: the server refuses
// a body over REQUEST_MAX_BYTES (413) before React Router or any route reads it,
// by its declared size or, for a chunked body, as it streams; the local-disk
// upload endpoint alone streams past it, under its own limit.
import net from "node:net";
import { describe, expect, it } from "vitest";
import { env } from "~/env.server";
import { cookieFor, makeMember } from "../support/members";
import { rawRequest, useHttpApp } from "../support/http-app";

const MiB = 1024 * 1024;
const site = useHttpApp();

/** A log-in form of `size` bytes: a password nobody would type. */
const hugeLogin = (size: number) => {
  const head = Buffer.from("email=vivian&from=%2F&password=");
  return Buffer.concat([head, Buffer.alloc(size - head.length, "x")]);
};
const form = { "Content-Type": "application/x-www-form-urlencoded" };

describe("the server's body limit", () => {
  it("answers twenty 20 MB log-in POSTs from one client with 413 at once, and its memory stays flat", async () => {
    const body = hugeLogin(20 * MiB);
    // Warm up: the first requests compile the routes.
    await rawRequest(`${site.url}/login`, { headers: form, body, declaredLength: body.length });
    await fetch(`${site.url}/login`).then((r) => r.text());
    const before = process.memoryUsage();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        rawRequest(`${site.url}/login`, { headers: form, body, declaredLength: body.length }),
      ),
    );
    const after = process.memoryUsage();
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.headers["connection"]).toBe("close");
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(answer.body).toContain(`at most ${MiB} bytes`);
    }
    expect(Math.max(...answers.map((a) => a.at)) - started).toBeLessThan(5000);
    // Reading the bodies would hold 400 MB at once; refusing them holds nothing.
    expect(after.rss - before.rss).toBeLessThan(64 * MiB);
    expect(after.heapUsed + after.external - (before.heapUsed + before.external)).toBeLessThan(64 * MiB);
  });

  it("answers before reading the body: 413 after the first 64 KiB of a declared 20 MB", async () => {
    const body = hugeLogin(20 * MiB);
    const answer = await rawRequest(`${site.url}/login`, {
      headers: form,
      body,
      declaredLength: body.length,
      stopAfter: 64 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/<h1>Request too large<\/h1>/);
  });

  it("answers JSON under /api", async () => {
    const body = Buffer.alloc(2 * MiB, "x");
    const answer = await rawRequest(`${site.url}/api/auth/login`, {
      headers: { "Content-Type": "application/json" },
      body,
      declaredLength: body.length,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ message: `The request is too large (at most ${MiB} bytes).` });
  });

  it("cuts a chunked body off where it passes the limit, and lets a small one through", async () => {
    const small = await site.serve({ REQUEST_MAX_BYTES: 16 * 1024 });
    try {
      const json = { "Content-Type": "application/json" };
      const big = Buffer.from(JSON.stringify({ email: "vivian", password: "x".repeat(40 * 1024) }));
      // No Content-Length: the body is chunked, so only counting it can stop it.
      const refused = await rawRequest(`${small.url}/api/auth/login`, { headers: json, body: big });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({ message: "The request is too large (at most 16384 bytes)." });

      const fine = Buffer.from(JSON.stringify({ email: "nobody_here", password: "Whatever-123" }));
      const answered = await rawRequest(`${small.url}/api/auth/login`, { headers: json, body: fine });
      // The route's own answer to the credentials: the body reached it whole.
      expect(JSON.parse(answered.body)).toEqual({ message: "Invalid email and/or password." });
    } finally {
      await small.close();
    }
  });

  it("closes the connection of a chunked body no route reads once it passes the limit, never draining it for ever", async () => {
    const limit = 16 * 1024;
    const small = await site.serve({ REQUEST_MAX_BYTES: limit });
    const socket = net.connect(Number(new URL(small.url).port), "127.0.0.1");
    try {
      let answer = "";
      socket.setEncoding("latin1").on("data", (chunk: string) => (answer += chunk));
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.on("error", () => {}); // the server cutting the connection under a write
      // The home page has no action: React Router answers 405 without reading the body.
      socket.write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n");
      const chunk = `4000\r\n${"x".repeat(0x4000)}\r\n`;
      let sent = 0;
      let isClosed = false;
      void closed.then(() => (isClosed = true));
      // At most 64 times the limit (1 MiB), each write waiting for the socket to take it.
      while (!isClosed && sent < 64 * limit) {
        const taken = new Promise<void>((resolve) => (socket.write(chunk) ? resolve() : socket.once("drain", resolve)));
        await Promise.race([taken, closed]);
        sent += 0x4000;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
      expect(answer).toMatch(/^HTTP\/1\.1 405/);
      expect(isClosed).toBe(true);
      expect(sent).toBeLessThan(64 * limit);
    } finally {
      socket.destroy();
      await small.close();
    }
  });

  it("lets the local-disk upload endpoint stream more than the limit (it has its own)", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const bytes = Buffer.alloc(2 * MiB, 7);
    const announced = await fetch(`${site.url}/api/assets`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ blob: { filename: "big.jpg", content_type: "image/jpeg", byte_size: bytes.length } }),
    });
    expect(announced.status).toBe(201);
    const { direct_upload } = (await announced.json()) as {
      direct_upload: { url: string; headers: Record<string, string> };
    };
    // The target names BASE_URL (the public address); this test's site listens on another.
    const target = new URL(direct_upload.url);
    expect(`${target.origin}${target.pathname}`.startsWith(`${env().BASE_URL}/uploads/`)).toBe(true);
    const put = await rawRequest(`${site.url}${target.pathname}`, {
      method: "PUT",
      headers: direct_upload.headers,
      body: bytes,
      declaredLength: bytes.length,
    });
    expect(put.status).toBe(200);
    // Any other PUT of that size is refused.
    const other = await rawRequest(`${site.url}/uploads/a/b`, {
      method: "PUT",
      body: bytes,
      declaredLength: bytes.length,
    });
    expect(other.status).toBe(413);
  });
});
