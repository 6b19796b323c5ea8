// Reading a V8 CPU profile (node --cpu-prof) of the server: the samples taken
// while one route was under load, grouped by where the time went (session and
// member lookup, counting, photo queries, the database driver, JSON and HTML
// shaping, compression, logging, ...). The bench's clock (process.hrtime) and
// the profile's timestamps are both the monotonic clock in microseconds.
import fs from "node:fs";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** A window of the run: the route under load from `from` to `to` (microseconds, monotonic). */
export type Window = { name: string; from: number; to: number; requests: number };

export const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

// The request's phases, found anywhere on the stack (the innermost one wins):
// the app's own functions keep their names in the server build.
const PHASES: [RegExp, string][] = [
  [/^(sessionIdFrom|memberFromCookieHeader|currentMember|cachedMember|memberOfSession)$/, "session & member lookup"],
  [/^(countPhotos|countedPhotos|photoCount)$/, "counting photos"],
  [/^(photoIdsAt|loadPhotoRecords|randomFeaturedIds|placeInList|fromNearerEnd|myRatingIdsAt)$/, "photo queries"],
  [/^(toPhotoJson|photosJson)$/, "photo JSON shaping"],
];

// Otherwise, the module of the innermost frame that is not Node's own.
const MODULES: [RegExp, string][] = [
  [/node_modules\/postgres\//, "database driver (postgres-js)"],
  [/node_modules\/drizzle-orm\//, "query building & row mapping (drizzle)"],
  [/node_modules\/react-dom\//, "HTML rendering (react-dom)"],
  [/node_modules\/react\//, "HTML rendering (react-dom)"],
  [/node_modules\/(react-router|@react-router|turbo-stream)\//, "React Router (routing, data, headers)"],
  [/node_modules\/compression\/|node:zlib|internal\/zlib/, "compression (gzip)"],
  [/node_modules\/(morgan|pino|pino-http|pino-std-serializers|sonic-boom|thread-stream)\//, "logging (pino)"],
  [/node_modules\/helmet\//, "security headers (helmet)"],
  [/node_modules\/zod\//, "validation (zod)"],
  [/node_modules\/(express|router|send|serve-static|finalhandler|body-parser|on-finished|etag|fresh)\//, "express"],
  [/node_modules\/(socket\.io|engine\.io|ws)\//, "socket.io"],
  [/build\/server\//, "app code (other)"],
  [/node_modules\//, "other libraries"],
];

function categorize(stack: CallFrame[]): string {
  for (const frame of stack) for (const [pattern, name] of PHASES) if (pattern.test(frame.functionName)) return name;
  const leaf = stack[0];
  if (leaf?.functionName === "(idle)") return "(idle: waiting on I/O)";
  if (leaf?.functionName === "(garbage collector)") return "garbage collection";
  if (leaf?.functionName === "(program)") return "V8 & native (program)";
  for (const frame of stack) {
    for (const [pattern, name] of MODULES) if (pattern.test(frame.url)) return name;
  }
  if (stack.some((f) => /crypto/.test(f.url))) return "crypto";
  if (stack.some((f) => /node:(_http|http|net|stream)|internal\/(http|streams|stream)/.test(f.url)))
    return "Node HTTP & streams";
  return "other (Node internals)";
}

export type Breakdown = {
  name: string;
  requests: number;
  busyMs: number;
  rows: [string, number][];
  /** The functions with the most time of their own, ms per request (BENCH_PROFILE_TOP of them). */
  top: [string, number][];
};

const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 0);

const frameName = (frame: CallFrame) =>
  `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/")}:${frame.lineNumber + 1}`;

/** CPU milliseconds per request by category, for each window; idle time is left out. */
export function breakdown(profilePath: string, windows: Window[]): Breakdown[] {
  const profile = JSON.parse(fs.readFileSync(profilePath, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const categoryOf = new Map<number, string>();
  const category = (id: number) => {
    let found = categoryOf.get(id);
    if (found) return found;
    const stack: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
    found = categorize(stack);
    categoryOf.set(id, found);
    return found;
  };
  const totals = windows.map(() => new Map<string, number>());
  const selfTimes = windows.map(() => new Map<string, number>());
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    time += delta;
    const w = windows.findIndex((window) => time >= window.from && time < window.to);
    if (w < 0) return;
    const name = category(id);
    totals[w]!.set(name, (totals[w]!.get(name) ?? 0) + delta);
    if (TOP > 0 && !name.startsWith("(idle")) {
      const self = frameName(byId.get(id)!.callFrame);
      selfTimes[w]!.set(self, (selfTimes[w]!.get(self) ?? 0) + delta);
    }
  });
  return windows.map((window, w) => {
    const rows = [...totals[w]!.entries()]
      .filter(([name]) => !name.startsWith("(idle"))
      .map(([name, micros]): [string, number] => [name, micros / 1000 / Math.max(1, window.requests)])
      .sort((a, b) => b[1] - a[1]);
    const busyMs = rows.reduce((sum, [, ms]) => sum + ms, 0);
    const top = [...selfTimes[w]!.entries()]
      .map(([name, micros]): [string, number] => [name, micros / 1000 / Math.max(1, window.requests)])
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP);
    return { name: window.name, requests: window.requests, busyMs, rows, top };
  });
}

export function printBreakdowns(title: string, breakdowns: Breakdown[]) {
  console.log(`\n${title}`);
  for (const b of breakdowns) {
    console.log(`  ${b.name}: ${b.requests} requests, ${b.busyMs.toFixed(2)} ms of server CPU per request`);
    for (const [name, ms] of b.rows) {
      if (ms / b.busyMs < 0.01) continue;
      console.log(
        `    ${name.padEnd(42)} ${ms.toFixed(3).padStart(7)} ms  ${((100 * ms) / b.busyMs).toFixed(0).padStart(3)}%`,
      );
    }
    if (b.top.length) console.log(`    functions with the most time of their own:`);
    for (const [name, ms] of b.top) console.log(`      ${ms.toFixed(3).padStart(7)} ms  ${name}`);
  }
}
