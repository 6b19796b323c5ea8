// Throughput and flatness of the hot routes, each beside a baseline measured in
// the same run on the same machine (the machine is shared and busy: a figure
// alone means little, its ratio to the baseline says how much of the machine's
// speed the club's own work leaves):
//   - a bare React Router app (bench/baseline): a static grid of the same 24
//     photos (the HTML baseline) and the same 24-photo JSON body from memory
//     (the JSON baseline), served by Express with the same compression;
//   - express.static serving the very file a thumbnail URL serves (images).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";
import { freePort, repoRoot } from "../tests/e2e/support/club-server";
import { withSql } from "../tests/support/test-database";
import type { BenchClub } from "./clubs";
import { compareLatency } from "./http";
import { ratioFigure, type Figure } from "./report";
import { cameraFixture } from "../tests/fixtures/camera-files";

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const CONNECTIONS = 50;
/** The p99 targets at 50 connections (docs/performance.md): the JSON API's, and a page's (the grid's too, bench/grid.ts). */
export const P99_TARGET_MS = { api: 150, page: 300 } as const;

type Load = { rps: number; p99: number; mbPerSecond: number; requests: number };

/** 50 connections for LOAD_SECONDS; anything but 2xx throws. */
export async function load(url: string, cookie?: string): Promise<Load> {
  const headers = { Accept: "text/html, application/json", ...(cookie ? { Cookie: cookie } : {}) };
  await autocannon({ url, connections: 10, amount: 200, headers }); // warm up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    mbPerSecond: result.throughput.average / 1e6,
    requests: result.requests.total,
  };
}

export type Baseline = {
  baseURL: string;
  /** The baseline server's process (its CPU time is read for the image figures). */
  pid: number;
  staticFile: (name: string, bytes: Buffer) => string;
  stop(): Promise<void>;
};

/** Builds (when missing) and starts the baseline app with this 24-photo body. */
export async function startBaseline(photosBody: string): Promise<Baseline> {
  const buildDir = path.join(os.tmpdir(), "club-bench-baseline-build");
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    const built = spawnSync("npx", ["react-router", "build"], {
      cwd: path.join(repoRoot, "bench/baseline"),
      env: { ...process.env, BASELINE_BUILD_DIR: buildDir, NODE_ENV: "production" },
      stdio: "inherit",
    });
    if (built.status !== 0) throw new Error("the baseline app did not build");
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "club-bench-baseline-"));
  const photosFile = path.join(work, "photos.json");
  fs.writeFileSync(photosFile, photosBody);
  const staticDir = path.join(work, "static");
  fs.mkdirSync(staticDir);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "bench/baseline/server.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // The build sits outside the repository (never in the club's build/): its requires resolve here.
      NODE_PATH: path.join(repoRoot, "node_modules"),
      PORT: String(port),
      BASELINE_BUILD_DIR: buildDir,
      BASELINE_PHOTOS: photosFile,
      BASELINE_STATIC: staticDir,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("baseline listening") && resolve());
    child.once("exit", (code) => reject(new Error(`the baseline server exited (${code})`)));
  });
  const baseURL = `http://127.0.0.1:${port}`;
  return {
    baseURL,
    pid: child.pid!,
    staticFile: (name, bytes) => {
      fs.writeFileSync(path.join(staticDir, name), bytes);
      return `${baseURL}/static/${name}`;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The body the club's GET /api/photos gives a member for page 1: what the baselines answer. */
export async function photosBodyOf(bench: BenchClub): Promise<string> {
  const response = await fetch(`${bench.club.baseURL}/api/photos?page=1`, { headers: { Cookie: bench.cookie } });
  return response.text();
}

const loadFigure = (name: string, route: Load, base: Load, rpsTarget: number, p99Target: number): Figure[] => [
  {
    name: `${name}: req/s (p99)`,
    value: `${route.rps.toFixed(0)} req/s (p99 ${route.p99} ms)`,
    target: `>= ${rpsTarget} req/s, p99 <= ${p99Target} ms`,
    pass: route.rps >= rpsTarget && route.p99 <= p99Target,
  },
  {
    name: `${name}: ratio to its baseline`,
    value: `${route.rps.toFixed(0)} / ${base.rps.toFixed(0)} req/s = ${(route.rps / base.rps).toFixed(2)}`,
    target: ">= 0.5",
    pass: route.rps / base.rps >= 0.5,
  },
];

/** The hot routes under 50 connections, each measured right after its baseline. */
export async function throughputFigures(label: string, bench: BenchClub, baseline: Baseline): Promise<Figure[]> {
  const base = bench.club.baseURL;
  const jsonBase = await load(`${baseline.baseURL}/photos.json`);
  const api = await load(`${base}/api/photos`, bench.cookie);
  const htmlBase = await load(`${baseline.baseURL}/`);
  const browse = await load(`${base}/browse`, bench.cookie);
  const home = await load(`${base}/`);
  return [
    {
      name: `baselines (${label} run): bare JSON route`,
      value: `${jsonBase.rps.toFixed(0)} req/s (p99 ${jsonBase.p99} ms)`,
    },
    {
      name: `baselines (${label} run): bare grid page`,
      value: `${htmlBase.rps.toFixed(0)} req/s (p99 ${htmlBase.p99} ms)`,
    },
    ...loadFigure(`${label}: GET /api/photos (member)`, api, jsonBase, 1000, P99_TARGET_MS.api),
    ...loadFigure(`${label}: /browse (member)`, browse, htmlBase, 400, P99_TARGET_MS.page),
    ...loadFigure(`${label}: / (visitor)`, home, htmlBase, 400, P99_TARGET_MS.page),
  ];
}

async function firstPhotoId(bench: BenchClub) {
  const response = await fetch(`${bench.club.baseURL}/api/photos?page=1`, { headers: { Cookie: bench.cookie } });
  return ((await response.json()) as { id: number }[])[0]!.id;
}

/** One request at a time, the small club's and the big club's interleaved: the ratio of the medians. */
export async function flatnessFigures(small: BenchClub, big: BenchClub): Promise<Figure[]> {
  const figures: Figure[] = [];
  const [smallPhoto, bigPhoto] = [await firstPhotoId(small), await firstPhotoId(big)];
  for (const [name, smallPath, bigPath] of [
    ["GET /api/photos", "/api/photos", "/api/photos"],
    ["/browse", "/browse", "/browse"],
    ["photo detail /browse/{first photo}", `/browse/${smallPhoto}`, `/browse/${bigPhoto}`],
  ] as const) {
    const [a, b] = await interleavedPair(
      `${small.club.baseURL}${smallPath}`,
      `${big.club.baseURL}${bigPath}`,
      big.cookie,
      small.cookie,
    );
    figures.push(
      ratioFigure(
        `${name}: ${small.counts.photos.toLocaleString()} vs ${big.counts.photos.toLocaleString()} photos`,
        a,
        b,
        1.2,
      ),
    );
  }
  return figures;
}

async function interleavedPair(smallUrl: string, bigUrl: string, bigCookie: string, smallCookie: string) {
  // compareLatency takes one cookie: time each club with its own member's session.
  const [a] = await compareLatency([smallUrl], smallCookie);
  const [b] = await compareLatency([bigUrl], bigCookie);
  const [a2] = await compareLatency([smallUrl], smallCookie);
  const [b2] = await compareLatency([bigUrl], bigCookie);
  return [(a! + a2!) / 2, (b! + b2!) / 2] as const;
}

const CLK_TCK = 100; // Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s

/** CPU milliseconds a process has used so far (user and system). */
export function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/**
 * A real thumbnail (1,024 px WebP of a camera file) stored for one public photo
 * of the club, then its versioned URL (as a visitor and as a member) against
 * express.static serving the same bytes, and what a revisit costs (the answer's
 * Cache-Control, and a revalidation's 304).
 */
export async function imageFigures(label: string, bench: BenchClub, baseline: Baseline): Promise<Figure[]> {
  const bytes = await sharp(cameraFixture("Canon_40D.jpg"))
    .resize({ width: 1024, height: 1024, fit: "inside" })
    .webp({ quality: 78 })
    .toBuffer();
  const [photo] = await withSql(
    bench.club.databaseUrl,
    (sql) => sql<{ id: number; key: string }[]>`
      select p.id, p.thumb_key as key from photos p join features f on f.photo_id = p.id order by p.id limit 1`,
  );
  const file = path.join(bench.club.dataDir, "storage", photo!.key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  const json = (await (
    await fetch(`${bench.club.baseURL}/api/photos/${photo!.id}`, { headers: { Cookie: bench.cookie } })
  ).json()) as { thumbUrl: string };
  const thumbUrl = `${bench.club.baseURL}${json.thumbUrl}`;
  const staticUrl = baseline.staticFile("thumb.webp", bytes);
  // Interleaved, twice, the club's two in turn after express.static: a machine that slows down
  // part-way, or a server still warming up, weighs on each of the three alike. Each server's own
  // CPU time per request is read too: steadier than requests per second on a shared machine.
  const measured = async (url: string, pid: number, cookie?: string) => {
    const before = cpuMsOf(pid);
    const result = await load(url, cookie);
    return { ...result, cpuMs: (cpuMsOf(pid) - before) / result.requests };
  };
  type Measured = Awaited<ReturnType<typeof measured>>;
  const rounds: { plain: Measured; visitor: Measured; member: Measured }[] = [];
  for (let round = 0; round < 2; round++) {
    const plain = await measured(staticUrl, baseline.pid);
    if (round === 0) {
      const visitor = await measured(thumbUrl, bench.club.pid);
      rounds.push({ plain, visitor, member: await measured(thumbUrl, bench.club.pid, bench.cookie) });
    } else {
      const member = await measured(thumbUrl, bench.club.pid, bench.cookie);
      rounds.push({ plain, member, visitor: await measured(thumbUrl, bench.club.pid) });
    }
  }
  const mean = (pick: (round: (typeof rounds)[number]) => Measured): Measured => ({
    rps: rounds.reduce((sum, round) => sum + pick(round).rps, 0) / rounds.length,
    p99: Math.max(...rounds.map((round) => pick(round).p99)),
    mbPerSecond: rounds.reduce((sum, round) => sum + pick(round).mbPerSecond, 0) / rounds.length,
    requests: rounds.reduce((sum, round) => sum + pick(round).requests, 0),
    cpuMs: rounds.reduce((sum, round) => sum + pick(round).cpuMs, 0) / rounds.length,
  });
  const [plain, visitor, member] = [mean((r) => r.plain), mean((r) => r.visitor), mean((r) => r.member)];
  const plainRps = plain.rps;
  const figure = (name: string, route: Measured): Figure => ({
    name: `${label}: ${name}`,
    value:
      `${route.rps.toFixed(0)} req/s, ${route.mbPerSecond.toFixed(0)} MB/s, p99 ${route.p99} ms; ratio to express.static ${(route.rps / plainRps).toFixed(2)}` +
      ` (server CPU ${route.cpuMs.toFixed(2)} ms per request against ${plain.cpuMs.toFixed(2)}: ${(plain.cpuMs / route.cpuMs).toFixed(2)})`,
    target: ">= 0.5",
    pass: route.rps / plainRps >= 0.5,
  });
  const first = await fetch(thumbUrl);
  await first.arrayBuffer();
  const again = await fetch(thumbUrl, { headers: { "If-None-Match": first.headers.get("ETag") ?? "" } });
  return [
    {
      name: `${label}: express.static, the same ${(bytes.length / 1024).toFixed(0)} KB file (mean of 2 rounds)`,
      value: `${plain.rps.toFixed(0)} req/s, ${plain.mbPerSecond.toFixed(0)} MB/s (rounds: ${rounds.map((r) => r.plain.rps.toFixed(0)).join(", ")})`,
    },
    figure(`thumbnail as a visitor (${json.thumbUrl})`, visitor),
    figure("thumbnail as a member", member),
    {
      name: `${label}: a revisit`,
      value: `Cache-Control '${first.headers.get("Cache-Control")}' (no request while cached); revalidated: ${again.status}`,
      target: "immutable, 304",
      pass: /immutable/.test(first.headers.get("Cache-Control") ?? "") && again.status === 304,
    },
  ];
}
