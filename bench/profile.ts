// npm run bench:profile: where a request's time goes. Starts each club's server
// under `node --cpu-prof`, puts each hot route under load in turn (50
// connections), and prints the server's CPU per request by category (session
// and member lookup, counting, photo queries, database driver, JSON and HTML
// shaping, compression, logging...), beside PostgreSQL's own CPU per request
// (its backends for that database, read from /proc).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { withSql } from "../tests/support/test-database";
import { BIG, SMALL, startClub, type BenchClub } from "./clubs";
import { withDatabaseServer } from "./database-server";
import { breakdown, nowMicros, printBreakdowns, type Window } from "./cpu-profile";

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const CLK_TCK = 100; // Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s

/** CPU milliseconds used so far by the PostgreSQL backends serving this database. */
async function databaseCpuMs(databaseUrl: string): Promise<number> {
  const pids = await withSql(
    databaseUrl,
    (sql) =>
      sql<
        { pid: number }[]
      >`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // the backend ended meanwhile
    }
  }
  return (ticks * 1000) / CLK_TCK;
}

async function firstPhotoId(bench: BenchClub) {
  const response = await fetch(`${bench.club.baseURL}/api/photos?page=1`, { headers: { Cookie: bench.cookie } });
  return ((await response.json()) as { id: number }[])[0]!.id;
}

export async function profileClub(name: string, bench: BenchClub, profileDir: string, embedded: boolean) {
  const routes: [string, string, boolean][] = [
    ["GET /api/photos (member)", "/api/photos", true],
    ["/browse (member)", "/browse", true],
    ["/ (visitor)", "/", false],
    ["/browse/{photoId} photo detail (member)", `/browse/${await firstPhotoId(bench)}`, true],
  ];
  const windows: Window[] = [];
  const databaseMs: number[] = [];
  for (const [label, route, asMember] of routes) {
    const url = `${bench.club.baseURL}${route}`;
    const headers = { Accept: "text/html, application/json", ...(asMember ? { Cookie: bench.cookie } : {}) };
    await autocannon({ url, connections: 10, amount: 200, headers }); // warm up
    const before = embedded ? 0 : await databaseCpuMs(bench.club.databaseUrl);
    const from = nowMicros();
    const result = await autocannon({ url, connections: 50, duration: LOAD_SECONDS, headers });
    const to = nowMicros();
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    windows.push({
      name: `${name}: ${label}, ${result.requests.average.toFixed(0)} req/s`,
      from,
      to,
      requests: result.requests.total,
    });
    databaseMs.push(embedded ? NaN : ((await databaseCpuMs(bench.club.databaseUrl)) - before) / result.requests.total);
  }
  await bench.club.stop();
  const [file] = fs.readdirSync(profileDir).filter((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`the server wrote no CPU profile in ${profileDir}`);
  const breakdowns = breakdown(path.join(profileDir, file), windows);
  breakdowns.forEach((b, i) => {
    if (!embedded) b.rows.push([`(PostgreSQL's own CPU, not in the total)`, databaseMs[i]!]);
  });
  printBreakdowns(`Server CPU per request by category (${name})`, breakdowns);
}

async function profiled(name: string, shape: typeof SMALL, embedded = false) {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), `club-profile-${name}-`));
  const bench = await startClub(name, shape, {
    embedded,
    // node refuses --cpu-prof in NODE_OPTIONS: a hook starts the inspector's profiler instead.
    env: {
      NODE_OPTIONS: `--import ${path.resolve("bench/cpu-profiler-hook.mjs")}`,
      BENCH_CPU_PROFILE_DIR: profileDir,
    },
  });
  try {
    await profileClub(name, bench, profileDir, embedded);
  } finally {
    await bench.club.stop().catch(() => {});
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_PROFILE_CLUBS?.split(",");
const want = (name: string) => !only || only.includes(name);
// The clubs' databases: on DATABASE_URL's server, else on one started for the run (bench/database-server.ts).
await withDatabaseServer(async () => {
  if (want("small")) await profiled("small", SMALL);
  if (want("big")) await profiled("big", BIG);
  if (want("embedded")) await profiled("embedded", SMALL, true);
  // Not in the default set: a third big club, on the embedded default.
  if (only?.includes("embedded-big")) await profiled("embedded-big", BIG, true);
});
