// The one server process as an operator sees it: health, long-cached assets,
// socket.io on the same port, and a clean stop on SIGTERM (sockets closed,
// database released, exit code 0).
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { io as connectClient } from "socket.io-client";
import { createMemberWithCli, SERVER_START_TIMEOUT, startClubServer } from "./support/club-server";
import { cameraFixture } from "../fixtures/camera-files";

const member = {
  firstName: "Lee",
  lastName: "Friedlander",
  username: "lee_lifecycle",
  email: "lee.lifecycle@example.com",
  password: "shadows-1963",
};

/** A photo through the API, as a client makes one: announce, PUT the bytes, create. */
async function uploadPhoto(baseURL: string, cookie: string): Promise<number> {
  const bytes = fs.readFileSync(cameraFixture("Canon_40D.jpg"));
  const json = { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie };
  const announced = await fetch(`${baseURL}/api/assets`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ blob: { filename: "Canon_40D.jpg", content_type: "image/jpeg", byte_size: bytes.length } }),
  });
  expect(announced.status).toBe(201);
  const { signed_id, direct_upload } = await announced.json();
  expect((await fetch(direct_upload.url, { method: "PUT", headers: direct_upload.headers, body: bytes })).status).toBe(
    200,
  );
  const created = await fetch(`${baseURL}/api/photos`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ filename: "Canon_40D.jpg", file: signed_id }),
  });
  expect(created.status).toBe(201);
  return (await created.json()).id;
}

// Starting and stopping the server is what these tests are about, so each starts its own inside the test.
test.describe.configure({ timeout: SERVER_START_TIMEOUT });

test("health, assets, sockets and a clean SIGTERM on PostgreSQL", async () => {
  const club = await startClubServer({
    name: "lifecycle",
    beforeStart: (databaseUrl) => createMemberWithCli(databaseUrl, member).then(() => undefined),
  });
  let stopped = false;
  try {
    const health = await fetch(`${club.baseURL}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      ok: true,
      database: { ok: true, kind: "postgres" },
      storage: { ok: true },
    });

    // Fingerprinted assets are cached for a year.
    const page = await (await fetch(`${club.baseURL}/`)).text();
    const asset = page.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await fetch(`${club.baseURL}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get("cache-control")).toContain("immutable");
    expect(assetResponse.headers.get("cache-control")).toContain("max-age=31536000");

    // A logged-in member's socket on the same port.
    const login = await fetch(`${club.baseURL}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email: member.username, password: member.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const photoId = await uploadPhoto(club.baseURL, cookie);
    const socket = connectClient(`${club.baseURL}/photos`, {
      query: { id: String(photoId) },
      extraHeaders: { Cookie: cookie },
      transports: ["websocket"],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    const exitCode = await club.stop();
    stopped = true;
    expect(exitCode).toBe(0);
    expect(club.output()).toContain("SIGTERM received: shutting down");
    expect(await disconnected).toBeTruthy();
    await expect(fetch(`${club.baseURL}/healthz`)).rejects.toThrow();
  } finally {
    if (!stopped) await club.stop();
  }
});

test("on the embedded database the server releases it when stopped", async () => {
  // An empty DATABASE_URL counts as unset: PGlite under DATA_DIR.
  const club = await startClubServer({ name: "embedded", env: { DATABASE_URL: "" }, keepDataDir: true });
  const lockFile = path.join(club.dataDir, "pglite.lock");
  let stopped = false;
  try {
    const health = await (await fetch(`${club.baseURL}/healthz`)).json();
    expect(health).toMatchObject({ ok: true, database: { kind: "pglite" } });
    expect(fs.readFileSync(lockFile, "utf8")).toMatch(/^\d+$/);
    // A brand-new club: the one-time setup link is printed.
    await club.waitForOutput(/\/setup\/[\w-]{32}/);

    const exitCode = await club.stop();
    stopped = true;
    expect(exitCode).toBe(0);
    expect(club.output()).toContain("SIGTERM received: shutting down");
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(fs.existsSync(path.join(club.dataDir, "pglite"))).toBe(true);
  } finally {
    if (!stopped) await club.stop();
    fs.rmSync(club.dataDir, { recursive: true, force: true });
  }
});
