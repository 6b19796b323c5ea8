// The built server process under the two ways it stops: SIGTERM (a restart, an
// upgrade) with an upload being processed and a live socket, and kill -9 after
// it has read a photo's metadata. Each spec starts its own server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { io as connectClient } from "socket.io-client";
import { expect, test } from "./support/fixtures";
import { createMemberWithCli, SERVER_START_TIMEOUT, startClubServer } from "./support/club-server";
import { descendants, stillRunning } from "../support/processes";
import { cameraFixture } from "../fixtures/camera-files";

const photoBytes = () => fs.readFileSync(cameraFixture("Canon_40D.jpg"));

function memberNamed(tag: string) {
  return {
    firstName: "Helen",
    lastName: "Levitt",
    username: `helen_${tag}`,
    email: `helen.${tag}@example.com`,
    password: "children-1940",
  };
}

async function logIn(baseURL: string, member: { username: string; password: string }): Promise<string> {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email: member.username, password: member.password }),
  });
  expect(login.status).toBe(200);
  return login.headers.get("set-cookie")!.split(";")[0]!;
}

/** Announces and PUTs a file; returns its signed id. */
async function sendFile(baseURL: string, cookie: string): Promise<string> {
  const bytes = photoBytes();
  const announced = await fetch(`${baseURL}/api/assets`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie },
    body: JSON.stringify({ blob: { filename: "Canon_40D.jpg", content_type: "image/jpeg", byte_size: bytes.length } }),
  });
  expect(announced.status).toBe(201);
  const { signed_id, direct_upload } = await announced.json();
  const put = await fetch(direct_upload.url, { method: "PUT", headers: direct_upload.headers, body: bytes });
  expect(put.status).toBe(200);
  return signed_id;
}

function createPhoto(baseURL: string, cookie: string, signedId: string) {
  return fetch(`${baseURL}/api/photos`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie },
    body: JSON.stringify({ filename: "Canon_40D.jpg", file: signedId }),
  });
}

test.describe.configure({ timeout: SERVER_START_TIMEOUT * 2 });

test("SIGTERM lets the upload being processed finish, tells sockets to reconnect, and exits 0", async () => {
  // The upload pauses once its sizes are stored (a test-only pause point, live only with
  // NODE_ENV=test), so SIGTERM comes while it is in flight for certain.
  const pauseDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-shutdown-pause-"));
  const pause = path.join(pauseDir, "pause");
  const member = memberNamed("shutdown");
  const club = await startClubServer({
    name: "shutdown",
    env: {
      NODE_ENV: "test",
      CLUB_PAUSE_AT: "image-sizes-stored",
      CLUB_PAUSE_FILE: pause,
      SHUTDOWN_GRACE_SECONDS: "60",
    },
    beforeStart: (databaseUrl) => createMemberWithCli(databaseUrl, member).then(() => undefined),
  });
  let stopping: Promise<number | null> | undefined;
  try {
    const cookie = await logIn(club.baseURL, member);
    // A first photo goes straight through (released in advance), for a socket to watch.
    fs.writeFileSync(`${pause}.release`, "");
    const first = await createPhoto(club.baseURL, cookie, await sendFile(club.baseURL, cookie));
    expect(first.status).toBe(201);
    const photoId = (await first.json()).id;
    fs.rmSync(`${pause}.release`);
    fs.rmSync(`${pause}.reached`);

    const socket = connectClient(`${club.baseURL}/photos`, {
      query: { id: String(photoId) },
      extraHeaders: { Cookie: cookie },
      transports: ["websocket"],
      reconnectionDelay: 60_000,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));

    // The second upload is in flight, held after its sizes are stored.
    const uploading = createPhoto(club.baseURL, cookie, await sendFile(club.baseURL, cookie));
    await expect.poll(() => fs.existsSync(`${pause}.reached`), { timeout: 60_000 }).toBe(true);

    stopping = club.stop();
    await club.waitForOutput(/SIGTERM received: shutting down/);
    // The socket is closed at its transport, the reason socket.io clients reconnect on (to the next process).
    expect(await disconnected).toBe("transport close");
    socket.close();
    // No new connections are taken while the upload finishes.
    await expect(fetch(`${club.baseURL}/healthz`)).rejects.toThrow();

    fs.writeFileSync(`${pause}.release`, "");
    const uploaded = await uploading;
    expect(uploaded.status).toBe(201);
    expect((await uploaded.json()).id).toBeGreaterThan(photoId);
    // 0 only when everything finished before SHUTDOWN_GRACE_SECONDS (its timer exits with 1).
    expect(await stopping).toBe(0);
    expect(club.output()).not.toContain("SHUTDOWN_GRACE_SECONDS");
  } finally {
    if (!stopping) await club.stop();
    fs.rmSync(pauseDir, { recursive: true, force: true });
  }
});

test("kill -9 after reading a photo's metadata leaves no exiftool running", async () => {
  const member = memberNamed("killed");
  const club = await startClubServer({
    name: "killed",
    beforeStart: (databaseUrl) => createMemberWithCli(databaseUrl, member).then(() => undefined),
  });
  try {
    const cookie = await logIn(club.baseURL, member);
    const created = await createPhoto(club.baseURL, cookie, await sendFile(club.baseURL, cookie));
    expect(created.status).toBe(201);
    const exiftools = (await descendants(club.pid)).filter((p) => p.command.includes("exiftool"));
    expect(exiftools.length).toBeGreaterThan(0);

    process.kill(club.pid, "SIGKILL");
    await expect.poll(() => stillRunning(exiftools.map((p) => p.pid)), { timeout: 30_000 }).toEqual([]);
  } finally {
    await club.stop();
  }
});
