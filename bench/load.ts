// npm run load — a meeting night on loopback: 200 members
// browsing (pages, thumbnails and large images, GET /api/photos), 50 members
// uploading real camera files through the direct-upload flow (POST /api/assets,
// PUT the bytes, POST /api/photos) and 30 members live on one photo (pointer
// moves at 20 Hz and a few crops on /photos), all at once for 60 seconds.
// Printed: requests per second, p50/p95/p99 per kind (pages, images, API,
// uploads, socket delivery) and errors by kind; at the end every upload that
// answered 201 is checked to be listed and served (else it is a LOST upload).
//
// Without --url it starts the built site (npm run build first) on a fresh club
// of its own (a PostgreSQL database made for the run on DATABASE_URL's server or
// on one the run starts, its own DATA_DIR and port, as the benchmarks do) and
// drops it afterwards. With --url it loads a
// running server whose PostgreSQL DATABASE_URL is in the environment: the
// members load1..load280 are added to that database if missing.
//
// An uploading member does what the site's upload queue lets them do on a
// meeting night: a handful of photos (the meeting's limit is 4), one after the
// other, then they browse like everyone else. When the server answers a photo
// 503 with Retry-After (it is busy making other members' photos) they wait
// that long and send the same upload again, as a member presses Try again in
// the upload queue; those answers are counted as "told to retry", not errors,
// and the wait is part of the whole upload's time. An upload still unmade when
// the run and a bounded drain are over is an error ("upload not made").
//
//   npm run load [-- --duration 20] [-- --url http://127.0.0.1:3000]
//
// Everything is bounded: connections (one keep-alive pool), every request's
// time (REQUEST_TIMEOUT_MS), the run's length, and traffic goes to loopback only.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { io as connectClient, type Socket } from "socket.io-client";
import { connect } from "@db/client.server";
import { withSql } from "../tests/support/test-database";
import { startClubServer } from "../tests/e2e/support/club-server";
import { hashPassword } from "~/services/auth/password-hash.server";
import { CAMERA_FIXTURES } from "../tests/fixtures/camera-files";
import { withDatabaseServer } from "./database-server";
import { figuresSection, recordFigures, saveFigures, type Figure } from "./report";

const BROWSERS = 200;
const UPLOADERS = 50;
const LIVE = 30;
const MEMBERS = BROWSERS + UPLOADERS + LIVE;
const PASSWORD = "load-pass-1";
const POINTER_HZ = 20;
/** A request that has not answered in this time counts as a timeout (and is abandoned). */
const REQUEST_TIMEOUT_MS = 30_000;
/** At most this many connections to the server at once (200 browsers do not each get six). */
const MAX_SOCKETS = 256;
/** A member's pause between two clicks, so 200 members are a meeting night, not a flood. */
const THINK_MS = { min: 2000, max: 8000 };
/** The photos one uploading member brings to the meeting (the meeting's default limit is 4). */
const BATCH = { min: 2, max: 4 };
/** How long after the run the uploads still under way may take to finish before they count as not made. */
const DRAIN_MS = 120_000;
/** When uploading members arrive: spread over the first seconds of the evening. */
const ARRIVAL_MS = 10_000;

const CAMERA_DIR = process.env.CAMERA_FIXTURES ?? CAMERA_FIXTURES;
/** The camera files a member would upload (not corrupted.jpg, which the site must refuse). */
const CAMERA_FILES = [
  "Canon_40D.jpg",
  "Nikon_D70.jpg",
  "Pentax_K10D.jpg",
  "gps-DSCN0010.jpg",
  "invalid-image01137.jpg",
  "mobile-HMD_Nokia_8.3_5G.jpg",
  "orientation-landscape_3.jpg",
  "orientation-landscape_6.jpg",
  "orientation-portrait_6.jpg",
  "orientation-portrait_8.jpg",
  "IMG_5195.HEIC",
];

type Kind = "pages" | "images" | "api" | "uploads";
type Member = { id: number; login: string; cookie: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ({ min, max }: { min: number; max: number }) => min + Math.random() * (max - min);
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// Counting --------------------------------------------------------------------------

const latencies: Record<Kind, number[]> = { pages: [], images: [], api: [], uploads: [] };
const errors = new Map<string, number>();
let measuring = false;
let requestsDuringRun = 0;
/** 503 answers with Retry-After (busy) that the member waited out and sent again. */
let toldToRetry = 0;

function countError(what: string) {
  errors.set(what, (errors.get(what) ?? 0) + 1);
}

// HTTP ------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, maxFreeSockets: MAX_SOCKETS });

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request on the pool; rejects on a timeout or a broken connection. */
function send(
  base: URL,
  method: string,
  target: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  const url = new URL(target, base);
  if (url.host !== base.host) throw new Error(`not the club's server: ${url.href}`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: { ...headers, ...(body ? { "Content-Length": String(Buffer.byteLength(body)) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error("timeout")));
    request.on("error", reject);
    request.end(body);
  });
}

/** A timed request of one kind: counted, its latency kept, a failure counted by status or cause. */
async function timed(
  kind: Kind,
  base: URL,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: Buffer | string; expect?: number; mayBeBusy?: boolean } = {},
): Promise<Answer | null> {
  const start = performance.now();
  try {
    const answer = await send(base, method, target, options);
    const ms = performance.now() - start;
    if (measuring) {
      requestsDuringRun++;
      latencies[kind].push(ms);
    }
    if (options.mayBeBusy && answer.status === 503 && answer.headers["retry-after"]) {
      toldToRetry++;
      return answer;
    }
    if (answer.status !== (options.expect ?? 200)) {
      countError(`${kind}: HTTP ${answer.status} (${method} ${target.replace(/\d+/g, ":id").slice(0, 60)})`);
      return null;
    }
    return answer;
  } catch (error) {
    if (measuring) requestsDuringRun++;
    const cause =
      (error as Error).message === "timeout"
        ? "timeout"
        : `connection ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
    countError(`${kind}: ${cause}`);
    return null;
  }
}

// The club --------------------------------------------------------------------------

/** Adds the load's members (load1..load280, one password) to the club's database, if missing. */
async function addMembers(databaseUrl: string) {
  const hash = await hashPassword(PASSWORD);
  await withSql(databaseUrl, async (sql) => {
    await sql`
      insert into users (username, first_name, last_name, email, password_hash)
      select 'load' || g, 'Load' || g, 'Member' || g, 'load' || g || '@load.test', ${hash}
      from generate_series(1, ${MEMBERS}) g
      on conflict do nothing`;
  });
}

async function logIn(base: URL, login: string): Promise<Member> {
  const answer = await send(base, "POST", "/api/auth/login", {
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email: login, password: PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`log-in of ${login} failed: ${answer.status} ${answer.body.toString()}`);
  const cookie = String(answer.headers["set-cookie"]![0]).split(";")[0]!;
  const me = await send(base, "GET", "/api/users/me", { headers: { Cookie: cookie, Accept: "application/json" } });
  return { id: (JSON.parse(me.body.toString()) as { id: number }).id, login, cookie };
}

/** Logs every member in, a few at a time (each log-in is a password hash on the server). */
async function logInAll(base: URL): Promise<Member[]> {
  const members: Member[] = new Array(MEMBERS);
  let next = 0;
  const worker = async () => {
    while (next < MEMBERS) {
      const i = next++;
      members[i] = await logIn(base, `load${i + 1}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return members;
}

// Uploading -------------------------------------------------------------------------

type Camera = { name: string; type: string; bytes: Buffer };
const cameraFiles: Camera[] = CAMERA_FILES.map((name) => ({
  name,
  type: name.endsWith(".HEIC") ? "image/heic" : "image/jpeg",
  bytes: fs.readFileSync(path.join(CAMERA_DIR, name)),
}));

type Uploaded = { memberId: number; photoId: number };
const uploaded: Uploaded[] = [];
/** Photos the browsing members may open (the seed photos, then every new one). */
const photoIds: number[] = [];

/** The browser's direct upload: announce, PUT the bytes where told, make the photo. */
async function uploadOne(base: URL, member: Member, file: Camera): Promise<boolean> {
  const json = { "Content-Type": "application/json", Accept: "application/json", Cookie: member.cookie };
  const start = performance.now();
  const announced = await timed("uploads", base, "POST", "/api/assets", {
    headers: json,
    body: JSON.stringify({ blob: { filename: file.name, content_type: file.type, byte_size: file.bytes.length } }),
    expect: 201,
  });
  if (!announced) return false;
  const { signed_id, direct_upload } = JSON.parse(announced.body.toString()) as {
    signed_id: string;
    direct_upload: { url: string; headers: Record<string, string> };
  };
  const put = await timed("uploads", base, "PUT", direct_upload.url, {
    headers: direct_upload.headers,
    body: file.bytes,
  });
  if (!put) return false;
  let made: Answer | null;
  for (;;) {
    made = await timed("uploads", base, "POST", "/api/photos", {
      headers: json,
      body: JSON.stringify({ filename: file.name, file: signed_id }),
      expect: 201,
      mayBeBusy: true,
    });
    if (made?.status !== 503) break;
    // Busy: the member waits as told and presses Try again (the bytes are already stored).
    await sleep(Number(made.headers["retry-after"]) * 1000);
  }
  if (!made) return false;
  const photo = JSON.parse(made.body.toString()) as { id: number };
  uploaded.push({ memberId: member.id, photoId: photo.id });
  photoIds.push(photo.id);
  if (measuring) uploadFlows.push(performance.now() - start);
  return true;
}
const uploadFlows: number[] = [];

/** A member's photos for the meeting, one after the other as the upload queue sends them; then browsing. */
async function uploader(base: URL, member: Member, until: number) {
  await sleep(Math.random() * ARRIVAL_MS);
  const batch = Math.round(between({ min: BATCH.min - 0.49, max: BATCH.max + 0.49 }));
  for (let i = 0; i < batch && Date.now() < until; i++) {
    uploadsStarted++;
    // A run that ends mid-upload lets it finish (bounded), so the check below covers it.
    const drained = Promise.race([uploadOne(base, member, pick(cameraFiles)), sleep(until - Date.now() + DRAIN_MS)]);
    // (A refused step is already counted as an error of its kind.)
    if ((await drained) === undefined) uploadsNotMade++;
  }
  await browser(base, member, until);
}
let uploadsStarted = 0;
let uploadsNotMade = 0;

// Browsing --------------------------------------------------------------------------

/** One click of a browsing member: a page, the images it shows, sometimes the API. */
async function click(base: URL, member: Member) {
  const html = { Accept: "text/html", Cookie: member.cookie };
  const image = { Accept: "image/avif,image/webp,image/*", Cookie: member.cookie };
  const photo = pick(photoIds);
  const page = pick(["/", "/browse", `/browse/${photo}`, "/members", "/meetings"]);
  await timed("pages", base, "GET", page, { headers: html });
  // A grid shows a handful of thumbnails; the detail shows the large size.
  const shown = page === `/browse/${photo}` ? [`/media/photos/${photo}/large`] : [];
  if (page === "/" || page === "/browse")
    for (let i = 0; i < 6; i++) shown.push(`/media/photos/${pick(photoIds)}/thumb`);
  await Promise.all(shown.map((src) => timed("images", base, "GET", src, { headers: image })));
  if (Math.random() < 0.3) {
    await timed("api", base, "GET", `/api/photos?page=1&sort=${pick(["meeting", "createdAt", "takenAt", "rating"])}`, {
      headers: { Accept: "application/json", Cookie: member.cookie },
    });
  }
}

async function browser(base: URL, member: Member, until: number, arriving = false) {
  if (arriving) await sleep(Math.random() * THINK_MS.max);
  while (Date.now() < until) {
    await click(base, member);
    await sleep(between(THINK_MS));
  }
}

// Live on one photo (a worker thread, so 17,000 deliveries a second do not stall the HTTP timing) ---

type LiveAssignment = { url: string; photoId: number; cookies: string[]; seconds: number };
type LiveResult = {
  latencies: Float64Array;
  sent: number;
  delivered: number;
  cropEndsExpected: number;
  cropEndsDelivered: number;
  errors: Record<string, number>;
};

const LIVE_BOOT = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;

/** A move carries its send time in dx (ms modulo 1,000 s as a fraction), as bench/live.ts does. */
const WRAP_MS = 1_000_000;
const clock = () => performance.timeOrigin + performance.now();
const stamp = () => (clock() % WRAP_MS) / WRAP_MS;
const ageOf = (dx: number) => (clock() - dx * WRAP_MS + WRAP_MS) % WRAP_MS;

async function liveThread({ url, photoId, cookies, seconds }: LiveAssignment) {
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const fault = (what: string) => (errors[what] = (errors[what] ?? 0) + 1);
  let delivered = 0;
  let sent = 0;
  let cropEnds = 0;
  let cropEndsDelivered = 0;
  let closing = false;
  const sockets = await Promise.all(
    cookies.map(async (cookie) => {
      const socket: Socket = connectClient(`${url}/photos`, {
        query: { id: String(photoId) },
        extraHeaders: { Cookie: cookie },
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
        timeout: REQUEST_TIMEOUT_MS,
      });
      // The server sends the room one frame of the latest moves per tick, `pointer(...frame)` (app/realtime/server/pointer-frames.ts).
      socket.on("pointer", (...frame: { dx: number }[]) => {
        for (const move of frame) {
          delivered++;
          latencies.push(ageOf(move.dx));
        }
      });
      socket.on("crop", (message: { phase: string }) => {
        if (message.phase === "end") cropEndsDelivered++;
      });
      socket.on("disconnect", (reason) => {
        if (!closing) fault(`socket disconnected: ${reason}`);
      });
      const outcome = await new Promise<string>((resolve) => {
        socket.once("connect", () => resolve("connected"));
        socket.once("connect_error", (error) => resolve(error.message));
      });
      if (outcome !== "connected") fault(`socket connect_error: ${outcome}`);
      return socket;
    }),
  );
  parentPort!.postMessage("connected");
  const started = performance.now();
  const period = 1000 / POINTER_HZ;
  const moves = seconds * POINTER_HZ;
  await Promise.all(
    sockets.map(async (socket, i) => {
      const offset = (i * period) / sockets.length;
      // Three crops each over the run (start, a drag, end), at moments of its own.
      const cropAt = new Set([0.2, 0.5, 0.8].map((share) => Math.floor(moves * share + (i % 10))));
      for (let move = 1; move <= moves; move++) {
        const next = started + offset + move * period;
        await sleep(Math.max(0, next - performance.now()));
        if (performance.now() - next > period) continue; // late on a busy machine: skip, as a browser's frames do
        socket.volatile.emit("pointer", { dx: stamp(), dy: 0.5 });
        sent++;
        if (cropAt.has(move)) {
          const start = { dx: 0.2, dy: 0.2 };
          socket.emit("crop", { phase: "start", start });
          socket.volatile.emit("crop", { phase: "drag", start, drag: { dx: 0.3, dy: 0.3 } });
          socket.emit("crop", { phase: "end", start, end: { dx: 0.4, dy: 0.4 } });
          cropEnds++;
        }
      }
    }),
  );
  // Crop ends are never dropped: wait (bounded) for the ones still on their way.
  const connected = sockets.filter((socket) => socket.connected).length;
  const cropEndsExpected = cropEnds * (connected - 1);
  for (let waited = 0; cropEndsDelivered < cropEndsExpected && waited < REQUEST_TIMEOUT_MS; waited += 100)
    await sleep(100);
  closing = true;
  sockets.forEach((socket) => socket.close());
  const result: LiveResult = {
    latencies: Float64Array.from(latencies),
    sent,
    delivered,
    cropEndsExpected,
    cropEndsDelivered,
    errors,
  };
  parentPort!.postMessage(result);
}

function startLive(assignment: LiveAssignment) {
  const worker = new Worker(LIVE_BOOT, { eval: true, workerData: assignment });
  const message = <T>() =>
    new Promise<T>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  const connected = message<"connected">();
  return {
    connected,
    done: connected.then(() => message<LiveResult>()).finally(() => void worker.terminate()),
  };
}

// Lost uploads ----------------------------------------------------------------------

/** Every upload that answered 201: its photo is in its owner's list and its two sizes are served. */
async function checkUploads(base: URL, members: Member[]) {
  let lost = 0;
  const byMember = new Map<number, number>();
  for (const { memberId } of uploaded) byMember.set(memberId, (byMember.get(memberId) ?? 0) + 1);
  const owner = new Map(members.map((member) => [member.id, member]));
  const ask = members[0]!;
  for (const [memberId, count] of byMember) {
    const list = await send(base, "GET", `/api/photos?userId=${memberId}`, {
      headers: { Accept: "application/json", Cookie: owner.get(memberId)!.cookie },
    });
    const total = Number(list.headers["x-total-count"]);
    if (list.status !== 200 || total < count) {
      console.log(`  LOST: member ${memberId} uploaded ${count}, listed ${list.status} with ${total}`);
      lost += count - (Number.isFinite(total) ? total : 0);
    }
  }
  for (const { photoId } of uploaded) {
    for (const target of [
      `/api/photos/${photoId}`,
      `/media/photos/${photoId}/thumb`,
      `/media/photos/${photoId}/large`,
    ]) {
      const answer = await send(base, "GET", target, { headers: { Accept: "*/*", Cookie: ask.cookie } });
      if (answer.status !== 200 || answer.body.length === 0) {
        console.log(`  LOST: ${target} answered ${answer.status} (${answer.body.length} bytes)`);
        lost++;
        break;
      }
    }
  }
  return lost;
}

// The run ---------------------------------------------------------------------------

async function main() {
  const { values } = parseArgs({
    options: { duration: { type: "string", default: "60" }, url: { type: "string" } },
  });
  const seconds = Number(values.duration);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) throw new Error("--duration is 1 to 600 seconds");

  if (values.url) {
    const base = new URL(values.url);
    if (!["127.0.0.1", "localhost", "[::1]"].includes(base.hostname)) throw new Error("--url must be on loopback");
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl)
      throw new Error("--url needs the server's PostgreSQL in DATABASE_URL (to add the load's members)");
    await addMembers(databaseUrl);
    try {
      await run(base, seconds);
    } finally {
      agent.destroy();
    }
    return;
  }
  // The club's database: on DATABASE_URL's server, else on one started for the run (bench/database-server.ts).
  await withDatabaseServer(async () => {
    console.log("Starting a club of its own (the built site on a fresh PostgreSQL database)...");
    const club = await startClubServer({
      name: "load",
      env: { NODE_ENV: "production" },
      beforeStart: async (databaseUrl) => {
        const handle = await connect({ databaseUrl, dataDir: "unused" });
        await handle.migrate();
        await handle.close();
        await addMembers(databaseUrl);
      },
    });
    try {
      await run(new URL(club.baseURL), seconds, club.pid);
    } finally {
      agent.destroy();
      await club.stop();
    }
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function run(base: URL, seconds: number, serverPid?: number) {
  console.log(`Logging ${MEMBERS} members in at ${base.origin}...`);
  const members = await logInAll(base);
  const browsers = members.slice(0, BROWSERS);
  const uploaders = members.slice(BROWSERS, BROWSERS + UPLOADERS);
  const live = members.slice(BROWSERS + UPLOADERS);

  // Photos to browse before the evening starts: each camera file once (by the uploaders, so the
  // lost-upload check covers them too).
  for (const [i, file] of cameraFiles.entries()) {
    if (!(await uploadOne(base, uploaders[i % UPLOADERS]!, file)))
      throw new Error(`the seed upload of ${file.name} failed: ${[...errors.keys()].join(", ")}`);
  }
  const livePhoto = photoIds[0]!;

  const liveRun = startLive({ url: base.origin, photoId: livePhoto, cookies: live.map((m) => m.cookie), seconds });
  await liveRun.connected;

  const load = os.loadavg().map((value) => value.toFixed(1));
  console.log(
    `Meeting night for ${seconds} s: ${BROWSERS} browsing, ${UPLOADERS} uploading, ${LIVE} live on photo ${livePhoto}` +
      ` (load average ${load.join(", ")} on ${os.cpus().length} cores)`,
  );
  measuring = true;
  const serverCpuBefore = serverPid ? cpuSeconds(serverPid) : 0;
  const ownCpuBefore = cpuSeconds(process.pid);
  const started = performance.now();
  const until = Date.now() + seconds * 1000;
  await Promise.all([
    ...browsers.map((member) => browser(base, member, until, true)),
    ...uploaders.map((member) => uploader(base, member, until)),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  measuring = false;
  const serverCpu = serverPid ? (100 * (cpuSeconds(serverPid) - serverCpuBefore)) / elapsed : NaN;
  const ownCpu = (100 * (cpuSeconds(process.pid) - ownCpuBefore)) / elapsed;
  const liveResult = await liveRun.done;
  for (const [what, count] of Object.entries(liveResult.errors)) errors.set(what, (errors.get(what) ?? 0) + count);
  if (liveResult.cropEndsDelivered < liveResult.cropEndsExpected)
    errors.set("socket: crop ends not delivered", liveResult.cropEndsExpected - liveResult.cropEndsDelivered);

  console.log("Checking every upload is listed and served...");
  const lost = await checkUploads(base, members);

  const figures: Figure[] = [];
  const row = (name: string, values: number[], extra = "") => {
    const sorted = [...values].sort((a, b) => a - b);
    const f = (p: number) => `${percentile(sorted, p).toFixed(0).padStart(6)} ms`;
    console.log(
      `  ${name.padEnd(20)} ${String(values.length).padStart(7)}  p50 ${f(50)}  p95 ${f(95)}  p99 ${f(99)}${extra}`,
    );
    figures.push({
      name,
      value: `${values.length}, p50 ${f(50)}, p95 ${f(95)}, p99 ${f(99)}${extra}`.replace(/ +/g, " "),
    });
  };
  // Elapsed runs from the start to the last answer of a click begun before the end.
  console.log(`\nLoad: ${elapsed.toFixed(0)} s, ${(requestsDuringRun / elapsed).toFixed(0)} HTTP requests/s`);
  console.log(`  ${"kind".padEnd(20)} ${"count".padStart(7)}`);
  row("pages", latencies.pages);
  row("images", latencies.images);
  row("API", latencies.api);
  row("upload requests", latencies.uploads);
  row("uploads (3 steps)", uploadFlows);
  const all = [...latencies.pages, ...latencies.images, ...latencies.api, ...latencies.uploads];
  row("all HTTP", all);
  row(
    "socket delivery",
    [...liveResult.latencies],
    `  (${((100 * liveResult.delivered) / Math.max(1, liveResult.sent * (LIVE - 1))).toFixed(1)}% of ${liveResult.sent} moves x ${LIVE - 1} viewers; crop ends ${liveResult.cropEndsDelivered}/${liveResult.cropEndsExpected})`,
  );
  if (uploadsNotMade > 0) errors.set("uploads: unfinished after the drain", uploadsNotMade);
  console.log(
    `  uploads made: ${uploaded.length} (${uploadFlows.length} of ${uploadsStarted} begun during the run), lost: ${lost};` +
      ` told to retry (503 busy, Retry-After honoured): ${toldToRetry}`,
  );
  const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0);
  console.log(`  errors: ${errorCount}`);
  for (const [what, count] of [...errors].sort((a, b) => b[1] - a[1])) console.log(`    ${count}  ${what}`);
  if (serverPid) console.log(`  server CPU: ${serverCpu.toFixed(0)}% of one core`);
  console.log(`  this load client's CPU (its live thread too): ${ownCpu.toFixed(0)}% of one core`);
  console.log(
    `  load average after: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(", ")}`,
  );
  figures.push(
    { name: "HTTP requests per second", value: (requestsDuringRun / elapsed).toFixed(0) },
    { name: "errors", value: String(errorCount), target: "0", pass: errorCount === 0 },
    { name: "uploads made, lost", value: `${uploaded.length}, ${lost}`, target: "0 lost", pass: lost === 0 },
    { name: "told to retry (503 busy)", value: String(toldToRetry) },
    ...(serverPid ? [{ name: "server CPU", value: `${serverCpu.toFixed(0)}% of one core` }] : []),
  );
  recordFigures(`A meeting night on loopback, ${elapsed.toFixed(0)} s (count and latency per kind)`, figures);
  if (errorCount > 0 || lost > 0) process.exitCode = 1;
}

if (!isMainThread) {
  await liveThread(workerData as LiveAssignment);
} else {
  figuresSection("load", "A meeting night: browsing, uploading and a live room at once (npm run load)");
  await main();
  saveFigures("npm run load");
}
