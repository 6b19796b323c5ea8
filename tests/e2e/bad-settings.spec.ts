// Settings an operator gets wrong, as the built server meets them: a REDIS_URL
// nobody answers at, a PORT another server holds, a HOST that is not this
// machine's. Each start stops at once with one line giving the cause, prints no
// set-up link, and leaves nothing running (the site's own PostgreSQL included).
// A Redis that goes away while the site runs is said once, shown by /healthz,
// and survived.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { freePort, repoRoot, SERVER_START_TIMEOUT, startClubServer } from "./support/club-server";
import { startFaultProxy } from "../support/fault-proxy";

test.describe.configure({ timeout: SERVER_START_TIMEOUT });

type Line = { level: number; msg: string };

/** Starts the built server with `env` on a fresh data folder and waits for it to exit; its output's lines. */
async function startExpectingExit(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-e2e-settings-"));
  try {
    const child = spawn(process.execPath, ["build/server.js"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        SESSION_SECRET: "e2e-settings-secret-0123456789-abcdefghijklmnop",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    const lines = output
      .split("\n")
      .filter(Boolean)
      .map((line) => (line.startsWith("{") ? (JSON.parse(line) as Line) : { level: -1, msg: line }));
    return { code, output, lines, postmaster: postmasterOf(dataDir) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The embedded server's postmaster, if one still runs on `dataDir`. */
function postmasterOf(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

test("a REDIS_URL nobody answers at: one line saying so, exit 1 at once, nothing left running", async () => {
  const closed = await freePort();
  const started = Date.now();
  const { code, lines, output, postmaster } = await startExpectingExit({ REDIS_URL: `redis://127.0.0.1:${closed}` });
  expect(code).toBe(1);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(lines.map((line) => [line.level, line.msg])).toEqual([
    [
      60,
      `Could not start: Redis at 127.0.0.1:${closed} refused the connection: is it running, and is REDIS_URL's port right?`,
    ],
  ]);
  expect(output).not.toMatch(/\/setup\//);
  expect(postmaster).toBeNull();
});

test("a PORT another server holds: one line, no set-up link, the site's own PostgreSQL stopped", async () => {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const port = (holder.address() as net.AddressInfo).port;
  try {
    // A brand-new club on its own PostgreSQL: it would print a set-up link once listening.
    const { code, lines, output, postmaster } = await startExpectingExit({ PORT: String(port) });
    expect(code).toBe(1);
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([
      `Could not start: port ${port} on 127.0.0.1 is already in use (another server, or the site already running): stop it or set PORT.`,
    ]);
    expect(output).not.toMatch(/\/setup\//);
    expect(postmaster).toBeNull();
  } finally {
    holder.close();
  }
});

test("a HOST that is not this machine's, or not a host at all: one line each", async () => {
  const notHere = await startExpectingExit({ HOST: "192.0.2.1" });
  expect(notHere.code).toBe(1);
  expect(notHere.lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([
    "Could not start: HOST 192.0.2.1 is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.",
  ]);
  expect(notHere.output).not.toMatch(/\/setup\//);
  expect(notHere.postmaster).toBeNull();

  const unknown = await startExpectingExit({ HOST: "no-such-host.invalid" });
  expect(unknown.code).toBe(1);
  expect(unknown.lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([
    'Could not start: HOST "no-such-host.invalid" is not a known host name: set HOST to an address of this machine, or 0.0.0.0 for all.',
  ]);
  expect(unknown.output).not.toMatch(/\/setup\//);
});

const REDIS = new URL(process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379");

/** Whether a Redis answers PING at REDIS within a second. */
function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    const done = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

test("a Redis that goes away while the site runs: /healthz names it, the log says it once, the site lives on", async () => {
  test.skip(!(await redisAnswers()), `no Redis answers at ${REDIS.host} (set TEST_REDIS_URL)`);
  const proxy = await startFaultProxy({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
  const club = await startClubServer({ name: "redis-away", env: { REDIS_URL: proxy.through(REDIS.href) } });
  try {
    const health = async () => {
      const answer = await fetch(`${club.baseURL}/healthz`);
      return { status: answer.status, body: await answer.json() };
    };
    expect(await health()).toMatchObject({ status: 200, body: { ok: true, redis: { ok: true, kind: "redis" } } });

    await proxy.stop();
    await expect.poll(health).toMatchObject({ status: 503, body: { ok: false, redis: { ok: false } } });
    // ioredis gives a command up after its 20 retries, about 10 s: that used to end the process.
    await club.waitForOutput(/Redis at [\d.:]+ refused the connection/);
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect((await fetch(`${club.baseURL}/login`)).status).toBe(200);
    expect(club.output().match(/Redis at [\d.:]+ refused the connection/g)).toHaveLength(1);

    await proxy.resume();
    await club.waitForOutput(/Redis at [\d.:]+ answers again/);
    await expect.poll(health).toMatchObject({ status: 200, body: { ok: true, redis: { ok: true } } });
  } finally {
    await club.stop();
    await proxy.close();
  }
});
