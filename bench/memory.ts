// npm run bench, section "memory" (the target: fits a small server): how
// much memory the whole site takes. On the embedded default the site is the Node
// process, the PostgreSQL server it starts (the postmaster and every backend and
// auxiliary process: detached into its own process group, but still the Node
// process's children) and exiftool's perl processes; on a PostgreSQL server
// (DATABASE_URL) it is Node and perl only, the database server not being the site's.
// Counted: each process's proportional set size (PSS) summed over the tree below
// the site's Node process. PSS, because PostgreSQL's processes share its buffers
// and libraries: RSS would count them once per process, PSS counts them once.
//   1. after start and 200 page views by a logged-in member (4 at a time): <= 250 MB;
//   2. the peak while a 24 MP JPEG goes through the real upload API (announce,
//      PUT, make the photo), sampled every 50 ms: <= 500 MB;
//   3. the peak from spawn until /healthz answers on an empty DATA_DIR (initdb
//      and the migrations included): no higher than figure 2's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startClubServer } from "../tests/e2e/support/club-server";
import { serverUrl, withSql } from "../tests/support/test-database";
import { make24MegapixelJpeg } from "./camera-file";
import { SMALL, startClub, type BenchClub } from "./clubs";
import { databaseServerLabel } from "./database-server";
import {
  mbOf,
  perProcess,
  processTable,
  sampleTrees,
  sharedOutsideKb,
  startSampling,
  summary,
  type TreeSample,
} from "./process-memory";
import { mb, printFigures, type Figure } from "./report";

const PAGE_VIEWS = 200;
const AT_ONCE = 4;
const UPLOADS = Number(process.env.BENCH_MEMORY_UPLOADS ?? 3);
const SAMPLE_MS = 50;
const MB = 1024; // kB

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The site servers this process started (node build/server.js), found by their parent pid while they start. */
function siteServers(): number[] {
  return [...processTable().values()]
    .filter((entry) => entry.ppid === process.pid)
    .filter((entry) => {
      try {
        return (
          fs.readFileSync(`/proc/${entry.pid}/cmdline`, "utf8").split("\0").filter(Boolean).at(-1) === "build/server.js"
        );
      } catch {
        return false; // ended meanwhile
      }
    })
    .map((entry) => entry.pid);
}

/** The server's environment as `npm start` (and the Dockerfile) give it. */
const AS_NPM_START = { NODE_ENV: "production", MALLOC_ARENA_MAX: "2" };

/** Figure 3: the first start on an empty DATA_DIR (and, on a server, an empty database), spawn to /healthz. */
async function firstStart(embedded: boolean): Promise<{ peak: TreeSample; seconds: number; samples: number }> {
  const emptyDatabase = `club_bench_memory_first_${process.pid}`;
  const emptyUrl = new URL(serverUrl());
  emptyUrl.pathname = `/${emptyDatabase}`;
  if (!embedded) await withSql(serverUrl(), (sql) => sql.unsafe(`create database "${emptyDatabase}"`));
  try {
    const started = performance.now();
    const sampler = startSampling(siteServers, SAMPLE_MS);
    let measured: { peak: TreeSample; samples: number; seconds: number } | undefined;
    const stop = () => ({ ...sampler.stop(), seconds: (performance.now() - started) / 1000 });
    try {
      const club = await startClubServer({
        name: `memory-first-${embedded ? "embedded" : "server"}`,
        env: { ...AS_NPM_START, DATABASE_URL: embedded ? "" : emptyUrl.toString() },
      });
      measured = stop();
      await club.stop();
    } finally {
      measured ??= stop();
    }
    return measured;
  } finally {
    if (!embedded)
      await withSql(serverUrl(), (sql) => sql.unsafe(`drop database if exists "${emptyDatabase}" with (force)`));
  }
}

async function get(bench: BenchClub, target: string) {
  const response = await fetch(`${bench.club.baseURL}${target}`, {
    headers: { Accept: "text/html", Cookie: bench.cookie },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
}

/** Figure 1's visits: home, /browse, photo details, /members, the member's gallery, /meetings, in turn. */
async function pageViews(bench: BenchClub) {
  const photos = (await (
    await fetch(`${bench.club.baseURL}/api/photos?page=1`, { headers: { Cookie: bench.cookie } })
  ).json()) as { id: number }[];
  const year = new Date().getFullYear();
  const pages = (i: number) => {
    const detail = `/browse/${photos[i % photos.length]!.id}`;
    return ["/", "/browse", detail, "/members", `/members/bench/${year}`, "/meetings"][i % 6]!;
  };
  let next = 0;
  const worker = async () => {
    while (next < PAGE_VIEWS) await get(bench, pages(next++));
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

type Answer = { status: number; headers: Headers; json: unknown };

async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array<ArrayBuffer>,
) {
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as unknown) : null };
}

/** The browser's direct upload: announce the file, PUT its bytes where told, make the photo. */
async function upload(bench: BenchClub, bytes: Uint8Array<ArrayBuffer>) {
  const base = bench.club.baseURL;
  const json = { "Content-Type": "application/json", Accept: "application/json", Cookie: bench.cookie };
  const blob = { filename: "DSC_24MP.jpg", content_type: "image/jpeg", byte_size: bytes.length };
  const announced = await send(`${base}/api/assets`, "POST", json, JSON.stringify({ blob }));
  if (announced.status !== 201) throw new Error(`announcing the upload answered ${announced.status}`);
  const { signed_id, direct_upload } = announced.json as {
    signed_id: string;
    direct_upload: { url: string; headers: Record<string, string> };
  };
  const put = await send(new URL(direct_upload.url, base).toString(), "PUT", direct_upload.headers, bytes);
  if (put.status >= 300) throw new Error(`the PUT answered ${put.status}`);
  for (;;) {
    const made: Answer = await send(
      `${base}/api/photos`,
      "POST",
      json,
      JSON.stringify({ filename: "DSC_24MP.jpg", file: signed_id }),
    );
    if (made.status === 201) return;
    if (made.status !== 503) throw new Error(`making the photo answered ${made.status}: ${JSON.stringify(made.json)}`);
    await sleep(Number(made.headers.get("retry-after") ?? 1) * 1000);
  }
}

/** The embedded postmaster's place: a child of the site's Node process, in a process group of its own. */
function postmasterFigure(bench: BenchClub, sample: TreeSample): Figure {
  const postmaster = sample.processes.find((p) => p.kind === "postmaster");
  const table = processTable();
  const node = table.get(bench.club.pid);
  const entry = postmaster && table.get(postmaster.pid);
  if (!entry || !node) return { name: "embedded postmaster", value: "not found below the site", pass: false };
  const child = entry.ppid === node.pid;
  const ownGroup = entry.pgrp === entry.pid && entry.pgrp !== node.pgrp;
  return {
    name: "embedded postmaster: PPID and process group",
    value: `pid ${entry.pid}, PPID ${entry.ppid} (site node ${node.pid}), process group ${entry.pgrp} (node's ${node.pgrp})`,
    target: "a child of the node process, in its own group",
    pass: child && ownGroup,
  };
}

/** The sample with the median total of a few taken `everyMs` apart. */
async function steadySample(roots: number[], count = 5, everyMs = 100): Promise<TreeSample> {
  const samples: TreeSample[] = [];
  for (let i = 0; i < count; i++) {
    samples.push(sampleTrees(roots));
    await sleep(everyMs);
  }
  return samples.sort((a, b) => a.kb - b.kb)[Math.floor(count / 2)]!;
}

async function variant(embedded: boolean, jpeg: Uint8Array<ArrayBuffer>) {
  const label = embedded
    ? "embedded default (node + its PostgreSQL + exiftool)"
    : `PostgreSQL server (node + exiftool only; the database server, ${databaseServerLabel()}, is not the site's)`;
  console.log(`\n  ${label}`);
  const first = await firstStart(embedded);
  const bench = await startClub(`memory-${embedded ? "embedded" : "server"}`, SMALL, { embedded, env: AS_NPM_START });
  try {
    await pageViews(bench);
    const viewed = await steadySample([bench.club.pid]);
    const uploads: { peak: TreeSample; seconds: number; samples: number }[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const start = performance.now();
      const sampler = startSampling(() => [bench.club.pid], SAMPLE_MS);
      try {
        await upload(bench, jpeg);
      } finally {
        uploads.push({ ...sampler.stop(), seconds: (performance.now() - start) / 1000 });
      }
    }
    const highest = uploads.reduce((a, b) => (b.peak.kb > a.peak.kb ? b : a));
    const after = await steadySample([bench.club.pid]);
    const name = embedded ? "embedded" : "server";
    const figures: Figure[] = [
      {
        name: `${name}: 1. after start and ${PAGE_VIEWS} page views`,
        value: `${mbOf(viewed.kb)} (${summary(viewed)})`,
        target: "<= 250 MB",
        pass: viewed.kb <= 250 * MB,
      },
      {
        name: `${name}: 2. peak while a 24 MP JPEG is uploaded and processed`,
        value:
          `${mbOf(highest.peak.kb)} (${summary(highest.peak)}); peaks of ${UPLOADS} uploads: ` +
          `${uploads.map((u) => `${mbOf(u.peak.kb)} in ${u.seconds.toFixed(1)} s, ${u.samples} samples`).join("; ")}`,
        target: "<= 500 MB",
        pass: highest.peak.kb <= 500 * MB,
      },
      {
        name: `${name}: 3. peak during the first start on an empty DATA_DIR`,
        value: `${mbOf(first.peak.kb)} (${summary(first.peak)}); spawn to /healthz ${first.seconds.toFixed(1)} s, ${first.samples} samples`,
        target: `<= figure 2 (${mbOf(highest.peak.kb)})`,
        pass: first.peak.kb <= highest.peak.kb,
      },
      { name: `${name}: after the uploads, at rest`, value: `${mbOf(after.kb)} (${summary(after)})` },
      {
        name: `${name}: figures 1 and 2 on a server running only the site`,
        value:
          `${mbOf(viewed.kb + sharedOutsideKb(viewed))} and ${mbOf(highest.peak.kb + sharedOutsideKb(highest.peak))}: ` +
          `PSS splits the pages of node's binary and libraries with every other node process on this machine`,
      },
    ];
    if (embedded) figures.push(postmasterFigure(bench, viewed));
    printFigures(`Memory, ${label}: PSS summed over the site's processes`, figures);
    printFigures(`  where figure 1 goes (${name}, PSS per process)`, perProcess(viewed));
    printFigures(`  where figure 2's peak goes (${name})`, perProcess(highest.peak));
    printFigures(`  where figure 3's peak goes (${name})`, perProcess(first.peak));
  } finally {
    await bench.club.stop();
  }
}

export async function benchMemory() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-bench-memory-"));
  try {
    const file = await make24MegapixelJpeg(dir);
    const jpeg = new Uint8Array(fs.readFileSync(file));
    const load = () => os.loadavg().map((value) => value.toFixed(1));
    console.log(
      `  upload: a 6000x4000 JPEG of ${mb(jpeg.length)}; load average ${load().join(", ")} (${os.cpus().length} cores)`,
    );
    await variant(true, jpeg);
    await variant(false, jpeg);
    console.log(`\n  load average after: ${load().join(", ")}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
