// The site's own PostgreSQL on a full disk, as on a Raspberry Pi's SD card: the built
// server's whole DATA_DIR (its PostgreSQL and its photos) is a tmpfs of its own
// (support/tiny-disk.ts), filled by the test. When PostgreSQL's log needs a new segment
// it PANICs, cannot recover without room, and shuts itself down. The site answers 503
// naming its database (never 500, never a hang) meanwhile, and once space is freed it
// starts the server again by itself: no restart, no operator, nothing written lost.
import fs from "node:fs";
import postgres from "postgres";
import { expect, test } from "./support/fixtures";
import { useClubServer } from "./support/use-club-server";
import { fillUntil, onTinyDataDir, seenBy, tinyDataDirsWork } from "./support/tiny-disk";

const DATABASE_DOWN = "The club's database is not answering; try again in a minute.";

test.skip(!tinyDataDirsWork(), "needs unprivileged user namespaces (unshare -Urm, --map-user) for a tmpfs of its own");

const server = useClubServer({
  name: "database-disk-full",
  // The site's own PostgreSQL (no DATABASE_URL), on a disk of 160 MB; /healthz well above 2 MB free.
  env: { DATABASE_URL: "", DISK_SPACE_MIN_MB: "2", LOG_LEVEL: "info" },
  launch: onTinyDataDir(160),
});

/** A log-in that fails, which the site counts in its database (the throttle): a write of the site's own. */
const failedLogIn = (baseURL: string, attempt: number) =>
  fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Origin: baseURL },
    body: JSON.stringify({ email: `nobody-${attempt}@example.com`, password: "not-a-password" }),
    signal: AbortSignal.timeout(20_000),
  });

const get = async (url: string) => {
  const answer = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  return { status: answer.status, body: (await answer.text()).replaceAll("&#x27;", "'").replaceAll("&#39;", "'") };
};

test("PostgreSQL stopping itself on a full disk: 503 naming it, then back by itself once space is freed", async () => {
  test.setTimeout(180_000);
  const { baseURL } = server;
  // A new club: its set-up link, whose token is a row the fault must not lose.
  const [, token] = await server.waitForOutput(/\/setup\/([\w-]+)/);
  const setup = `${baseURL}/setup/${token}`;
  expect((await get(setup)).status).toBe(200);

  const dataDir = seenBy(server.pid, server.dataDir);
  const serverLog = `${dataDir}/postgres.log`;
  const panicked = () => /PANIC: .*No space left on device/.test(fs.readFileSync(serverLog, "utf8"));
  // The test's own connection, only to move PostgreSQL on to a new log segment (pg_switch_wal).
  const superuser = postgres({
    host: `${dataDir}/postgres-socket`,
    port: 5432,
    user: "postgres",
    database: "club",
    max: 1,
    onnotice: () => {},
  });
  fillUntil(dataDir, 64 * 1024);
  try {
    // The site's own writes, each followed by a switch, until one needs a segment there is no room for.
    for (let attempt = 0; attempt < 20 && !panicked(); attempt++) {
      const answer = await failedLogIn(baseURL, attempt);
      expect([422, 429, 503]).toContain(answer.status);
      await superuser`select pg_switch_wal()`.catch(() => {});
    }
    expect(panicked()).toBe(true);
    await server.waitForOutput(/The club's database server stopped; starting it again/);
    // It cannot start again while the disk is full: every page and call says so, naming the database.
    await server.waitForOutput(/The club's database server did not start/);
    const page = await get(setup);
    expect(page.status).toBe(503);
    expect(page.body).toContain(DATABASE_DOWN);
    const call = await failedLogIn(baseURL, 100);
    expect(call.status).toBe(503);
    expect(await call.json()).toEqual({ message: DATABASE_DOWN });
    const health = await get(`${baseURL}/healthz`);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ database: { ok: false }, disk: { ok: false } });
  } finally {
    await superuser.end({ timeout: 1 }).catch(() => {});
    fs.rmSync(`${dataDir}/filler`, { force: true });
  }

  // Space freed: the site starts its server again by itself and answers, with what it held before.
  await server.waitForOutput(/The club's database server is running again/, 30_000);
  await expect.poll(async () => (await get(setup)).status, { timeout: 30_000 }).toBe(200);
  expect((await get(`${baseURL}/healthz`)).status).toBe(200);
  expect((await failedLogIn(baseURL, 200)).status).toBe(422);
});
