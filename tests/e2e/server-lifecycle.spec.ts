// The one server process as an operator sees it: health, long-cached assets,
// socket.io on the same port, and a clean stop on SIGTERM (sockets closed,
// database released, exit code 0).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { io as connectClient } from "socket.io-client";
import { sessionCookie } from "./support/club-api";
import { createMemberWithCli, repoRoot, SERVER_START_TIMEOUT, startClubServer } from "./support/club-server";
import { cameraFixture } from "../fixtures/camera-files";
import { postgresClient } from "../../db/client.server";

const member = {
  firstName: "Lee",
  lastName: "Friedlander",
  username: "lee_lifecycle",
  email: "lee.lifecycle@example.com",
  password: "shadows-1963",
};

/**
 * A photo through the API, as a client makes one: announce, PUT the bytes, create.
 * `beforeCreate` runs once the bytes are in, while the create is sent.
 */
async function uploadPhoto(
  baseURL: string,
  cookie: string,
  file = "Canon_40D.jpg",
  whileCreating?: () => Promise<void>,
): Promise<number> {
  const bytes = fs.readFileSync(cameraFixture(file));
  const json = { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie };
  const announced = await fetch(`${baseURL}/api/assets`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ blob: { filename: file, content_type: "image/jpeg", byte_size: bytes.length } }),
  });
  expect(announced.status).toBe(201);
  const { signed_id, direct_upload } = await announced.json();
  expect((await fetch(direct_upload.url, { method: "PUT", headers: direct_upload.headers, body: bytes })).status).toBe(
    200,
  );
  const creating = fetch(`${baseURL}/api/photos`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ filename: file, file: signed_id }),
  });
  await whileCreating?.();
  const created = await creating;
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
    const cookie = await sessionCookie(club.baseURL, member);
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

/** The embedded server's postmaster pid, if one runs on `dataDir` (its postmaster.pid names a live process). */
function postmasterOf(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Uploads claimed as a photo so far, read from the site's embedded server through its socket. */
async function claimedUploads(dataDir: string): Promise<number> {
  const socketDir = encodeURIComponent(path.join(dataDir, "postgres-socket"));
  const sql = postgresClient(`postgres://postgres@localhost/club?host=${socketDir}`, { max: 1 });
  try {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from assets where attached_at is not null`;
    return row!.n;
  } finally {
    await sql.end();
  }
}

async function gone(pid: number) {
  await expect
    .poll(() => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    })
    .toBe(true);
}

test("on the embedded PostgreSQL: commands join it, a kill -9 leaves nothing in the way, SIGTERM stops it last", async () => {
  // An empty DATABASE_URL counts as unset: the site runs its own PostgreSQL under DATA_DIR.
  const first = await startClubServer({ name: "embedded", env: { DATABASE_URL: "" }, keepDataDir: true });
  const dataDir = first.dataDir;
  let second: Awaited<ReturnType<typeof startClubServer>> | null = null;
  try {
    const health = await (await fetch(`${first.baseURL}/healthz`)).json();
    expect(health).toMatchObject({ ok: true, database: { ok: true, kind: "embedded" } });
    // A brand-new club: the one-time setup link is printed.
    await first.waitForOutput(/\/setup\/[\w-]{32}/);
    expect(fs.readFileSync(path.join(dataDir, "postgres.owner"), "utf8")).toBe(`${first.pid} site\n`);
    // Its only door is a Unix socket in DATA_DIR, no TCP port.
    expect(fs.readdirSync(path.join(dataDir, "postgres-socket"))).toContain(".s.PGSQL.5432");
    const orphan = postmasterOf(dataDir);
    expect(orphan).not.toBeNull();

    // An operator command joins the running site's server (and leaves it running).
    await createMemberWithCli("", member, { DATA_DIR: dataDir });
    expect(postmasterOf(dataDir)).toBe(orphan);

    // The site is killed outright: its database server is left behind, an orphan.
    process.kill(first.pid, "SIGKILL");
    await first.stop();
    expect(postmasterOf(dataDir)).toBe(orphan);

    // The next start stops the orphan, starts its own, and finds the member.
    second = await startClubServer({ name: "embedded-again", env: { DATABASE_URL: "" }, dataDir });
    await gone(orphan!);
    const restarted = postmasterOf(dataDir);
    expect(restarted).not.toBeNull();
    expect(restarted).not.toBe(orphan);
    const cookie = await sessionCookie(second.baseURL, member);
    // A member's upload being processed when SIGTERM comes still finishes: the database stops after it.
    const club = second;
    let exitCode: number | null = null;
    const photoId = await uploadPhoto(club.baseURL, cookie, "mobile-HMD_Nokia_8.3_5G.jpg", async () => {
      await expect.poll(() => claimedUploads(dataDir)).toBe(1); // the create has begun
      exitCode = await club.stop();
    });
    second = null;
    expect(photoId).toBeGreaterThan(0);
    expect(exitCode).toBe(0);
    await gone(restarted!);
    expect(fs.existsSync(path.join(dataDir, "postgres.owner"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
  } finally {
    await second?.stop();
    if (postmasterOf(dataDir)) process.kill(postmasterOf(dataDir)!, "SIGINT");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("on a data folder of the PGlite release, a start refuses in one line saying what to run, with no set-up link", async () => {
  test.setTimeout(SERVER_START_TIMEOUT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-e2e-pglite-"));
  // What that release left: its database folder (PGlite's own files; their content is not read).
  fs.mkdirSync(path.join(dataDir, "pglite"));
  fs.writeFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "16\n");
  try {
    const child = spawn(process.execPath, ["build/server.js"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        SESSION_SECRET: "e2e-pglite-secret-0123456789-abcdefghijklmnop",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    // The log's one fatal line (JSON, as every line of the log) says what to run.
    const fatal = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 60);
    expect(fatal.map((line) => line.msg)).toEqual([
      `Could not start: ${path.join(dataDir, "pglite")} holds a club from the PGlite release that is not moved yet: ` +
        `run that release's "npm run backup -- --out club.tar.gz", then here "npm run restore -- club.tar.gz" ` +
        `(docs/database.md).`,
    ]);
    expect(output).not.toMatch(/\/setup\//);
    // Its own PostgreSQL, started to look, is stopped again.
    expect(postmasterOf(dataDir)).toBeNull();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
