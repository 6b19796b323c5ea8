// The site's own PostgreSQL, faulted for real in a temporary DATA_DIR: its
// postmaster killed or shut down while it cannot start again (a setting it
// refuses stands in for a full disk), then able to; and every PostgreSQL
// process stopped (SIGSTOP). The site answers 503 naming the club's database,
// never hangs, and answers again by itself, without a restart.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, openDatabase } from "@db/client.server";
import { isAlive } from "@db/postgres-process.server";
import { DATABASE_UNAVAILABLE_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE } from "~/server/outages.server";
import { useHttpApp } from "../support/http-app";
import { cookieFor, makeMember } from "../support/members";
import { testDatabaseUrl } from "../support/test-database";

const site = useHttpApp();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-embedded-faults-"));
const cluster = path.join(dataDir, "postgres");
const QUERY_TIMEOUT_MS = 1000;
/**
 * A frozen server's 503 comes after the query deadline and a second, plus a busy machine's time
 * (generous: the fault this guards against held pages for 64 s, and CI shares two cores).
 */
const GIVEN_UP_WITHIN_MS = QUERY_TIMEOUT_MS + 1000 + 8000;
/** The keeper retries at least every second here: recovery is seen within a few. */
const RECOVERED_WITHIN_MS = 20_000;

let cookie: string;

async function get(url: string) {
  const started = performance.now();
  // Bounded, so a hang fails the test instead of holding it.
  const response = await fetch(`${site.url}${url}`, {
    headers: { Cookie: cookie },
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await response.text()).replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
  return { status: response.status, body, ms: performance.now() - started };
}

/** Polls `url` until it answers `status`, for at most `withinMs`. */
async function until(url: string, status: number, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const answer = await get(url).catch(() => ({ status: 0, body: "", ms: 0 }));
    if (answer.status === status) return answer;
    if (Date.now() > deadline) throw new Error(`${url} did not answer ${status} within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const postmaster = () => Number(fs.readFileSync(path.join(cluster, "postmaster.pid"), "utf8").split("\n")[0]);

/** The postmaster and every process it started. */
function postgresProcesses(): number[] {
  const parent = postmaster();
  const children = fs.readdirSync("/proc").filter((name) => {
    if (!/^\d+$/.test(name)) return false;
    try {
      return Number(fs.readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) === parent;
    } catch {
      return false;
    }
  });
  return [parent, ...children.map(Number)];
}

// A setting PostgreSQL refuses at start: the server runs on, but cannot start again until it is gone.
const autoConf = path.join(cluster, "postgresql.auto.conf");
const unstartable = () => fs.appendFileSync(autoConf, "max_locks_per_transaction = 'lots'\n");
const startable = () =>
  fs.writeFileSync(autoConf, fs.readFileSync(autoConf, "utf8").replace("max_locks_per_transaction = 'lots'\n", ""));

beforeAll(async () => {
  await closeDatabase(); // the file's test database
  const handle = await openDatabase({
    dataDir,
    embeddedRole: "site",
    connectTimeoutMs: 1000,
    queryTimeoutMs: QUERY_TIMEOUT_MS,
    embeddedKeeper: { checkEveryMs: 200, maxPauseMs: 1000 },
  });
  await handle.migrate();
  cookie = await cookieFor((await makeMember()).id);
});

afterAll(async () => {
  for (const pid of postgresProcesses()) process.kill(pid, "SIGCONT");
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: process.env.DATA_DIR! });
});

describe("the site's own PostgreSQL", () => {
  // SIGKILL: killed, or crashed; SIGQUIT: PostgreSQL's own immediate shutdown, as after a PANIC on a full disk.
  for (const signal of ["SIGKILL", "SIGQUIT"] as const) {
    it(`is started again by the site after a ${signal}, answering 503 naming the database meanwhile`, async () => {
      expect((await get("/browse")).status).toBe(200);
      const before = postmaster();
      const serverLog = path.join(dataDir, "postgres.log");
      const logSoFar = fs.statSync(serverLog).size;
      unstartable();
      try {
        process.kill(before, signal);
        const page = await until("/browse", 503, 10_000);
        expect(page.body).toContain(DATABASE_UNAVAILABLE_MESSAGE);
        expect(page.body).not.toContain(STORAGE_UNAVAILABLE_MESSAGE);
        const api = await get("/api/photos");
        expect(api.status).toBe(503);
        expect(JSON.parse(api.body)).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
        const health = await get("/healthz");
        expect(health.status).toBe(503);
        expect(JSON.parse(health.body)).toMatchObject({ database: { ok: false }, storage: { ok: true } });
        // The keeper has tried, and PostgreSQL refused the setting (the cause is still there).
        await expect
          .poll(() => fs.readFileSync(serverLog, "utf8").slice(logSoFar), { timeout: 10_000 })
          .toContain("max_locks_per_transaction");
      } finally {
        startable();
      }
      // The cause gone, the site answers again by itself: no restart, no operator.
      await until("/browse", 200, RECOVERED_WITHIN_MS);
      expect((await get("/healthz")).status).toBe(200);
      expect(postmaster()).not.toBe(before);
      expect(isAlive(postmaster())).toBe(true);
    });
  }

  it("answers 503 within the query deadline when every PostgreSQL process is stopped, and recovers on SIGCONT", async () => {
    // Pooled connections are open: a stopped server holds them without a word.
    expect((await get("/browse")).status).toBe(200);
    const stopped = postgresProcesses();
    try {
      for (const pid of stopped) process.kill(pid, "SIGSTOP");
      const page = await get("/browse");
      expect(page.status).toBe(503);
      expect(page.body).toContain(DATABASE_UNAVAILABLE_MESSAGE);
      expect(page.ms).toBeLessThan(GIVEN_UP_WITHIN_MS);
      const api = await get("/api/photos");
      expect(api.status).toBe(503);
      expect(JSON.parse(api.body)).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(api.ms).toBeLessThan(GIVEN_UP_WITHIN_MS);
      const health = await get("/healthz");
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(GIVEN_UP_WITHIN_MS);
    } finally {
      for (const pid of stopped) process.kill(pid, "SIGCONT");
    }
    await until("/browse", 200, RECOVERED_WITHIN_MS);
    // A stopped server is alive: the site waited for it rather than start another.
    expect(postmaster()).toBe(stopped[0]);
  });
});
