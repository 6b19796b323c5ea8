// npm run bench:live — the live layer's speed: 10, 50 and 100
// viewers in one photo room, each moving the pointer at 20 Hz for 20 s and
// ending one crop, against the club's server process and, as the baseline, a
// bare socket.io server with the same room (no session, no validation, no rate
// limits, in-memory adapter, each move passed on at once on its own; the club
// sends a room one frame of the latest moves per 25 ms tick, pointer-frames.ts).
// Printed per run: delivery latency p50/p95/p99 (send to receipt at each other
// viewer, the wait for the club's tick included), the share of pointer moves
// delivered (a move replaced by a newer one in the same tick counts as not),
// crop ends delivered (must be all), and the server process's CPU. Then the
// p99 ratio to the baseline at 50 viewers (target <= 1.3, p99 <= 50 ms), and
// two club processes on one PostgreSQL at 10 viewers (p99 across them).
//
// The club's server is tests/support/realtime-replica.ts: the app's database
// and realtime layer in their own process, as server.ts attaches them (with
// DATABASE_URL set: the PostgreSQL adapter; also run with the in-memory one for
// comparison). The viewers are socket.io clients spread over a few threads of
// this process (100 viewers receive ~200,000 messages a second, more than one
// event loop keeps up with); a move carries its send time, read on the clock
// all threads share. On a two-core machine the clients compete with the server
// for the CPU, for the baseline as much as for the club.
//
// The database: on DATABASE_URL's server, else on one started for the run (bench/database-server.ts); no build.
// BENCH_LIVE_SECONDS shortens the runs (default 20).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { Server } from "socket.io";
import { io as connectClient, type Socket } from "socket.io-client";
import { withSql } from "../tests/support/test-database";
import { startReplica } from "../tests/support/replicas";
import { withDatabaseServer } from "./database-server";
import { onOwnDatabase } from "./in-process";
import { figuresSection, printFigures, saveFigures, type Figure } from "./report";

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const POINTER_HZ = 20;
const ROOM_SIZES = [10, 50, 100];

type Target = { name: string; urls: string[]; pids: number[]; cookies: boolean };

type RunResult = {
  latencies: number[];
  crossLatencies: number[];
  sent: number;
  expected: number;
  delivered: number;
  /** Pointer messages (moves or frames) the viewers received. */
  messages: number;
  cropEndsExpected: number;
  cropEndsDelivered: number;
  cpuPercent: number;
};

async function main() {
  const members = Math.max(...ROOM_SIZES);
  await onOwnDatabase(
    "club_bench_live",
    async (databaseUrl) => {
      await withSql(databaseUrl, async (sql) => {
        await sql`
          insert into users (username, first_name, last_name, email, password_hash)
          select 'viewer' || g, 'Viewer' || g, 'Last' || g, 'viewer' || g || '@bench.test', 'not-a-hash'
          from generate_series(1, ${members}) g`;
      });
    },
    async (databaseUrl) => {
      const { db } = await import("@db/client.server");
      const { users } = await import("@db/schema");
      const { createSession } = await import("~/services/auth/session.server");
      const { insertPhoto } = await import("../tests/support/photos");
      const ids = (await db().select({ id: users.id }).from(users).orderBy(users.id)).map((row) => row.id);
      const photo = await insertPhoto(ids[0]!);
      const cookies = await Promise.all(ids.map(async (id) => (await createSession(id)).split(";")[0]!));
      const viewers = ids.map((id, i) => ({ id, cookie: cookies[i]! }));

      const bare = await startBare();
      const club = await startReplica(databaseUrl);
      const clubInMemory = await startReplica(databaseUrl, { REALTIME_REPLICA_ADAPTER: "memory" });
      const figures: Figure[] = [];
      const results = new Map<string, RunResult>();
      try {
        console.log(`Live layer: pointer moves at ${POINTER_HZ} Hz for ${SECONDS} s per run, one crop per viewer`);
        console.log(
          `  load average before: ${os
            .loadavg()
            .map((load) => load.toFixed(1))
            .join(", ")} on ${os.cpus().length} cores`,
        );
        for (const size of ROOM_SIZES) {
          const runs: [string, Target][] = [
            ["bare socket.io", { name: "bare", urls: [bare.url], pids: [bare.pid], cookies: false }],
            [
              `club (${club.adapter} adapter)`,
              { name: "club", urls: [club.url], pids: [club.process.pid!], cookies: true },
            ],
          ];
          if (size === 50) {
            runs.push([
              `club (${clubInMemory.adapter} adapter)`,
              { name: "club-memory", urls: [clubInMemory.url], pids: [clubInMemory.process.pid!], cookies: true },
            ]);
          }
          for (const [label, target] of runs) {
            const result = await runRoom(target, viewers.slice(0, size), photo.id);
            results.set(`${target.name}:${size}`, result);
            figures.push(...runFigures(`${size} viewers, ${label}`, result));
          }
        }
        await clubInMemory.stop();
        const second = await startReplica(databaseUrl);
        try {
          const result = await runRoom(
            {
              name: "two",
              urls: [club.url, second.url],
              pids: [club.process.pid!, second.process.pid!],
              cookies: true,
            },
            viewers.slice(0, 10),
            photo.id,
          );
          figures.push(...runFigures("10 viewers, two club processes on one PostgreSQL", result));
          figures.push({
            name: "10 viewers, two processes: p99 across them",
            value: `${percentile(result.crossLatencies, 99).toFixed(1)} ms (p50 ${percentile(result.crossLatencies, 50).toFixed(1)} ms)`,
          });
        } finally {
          await second.stop();
        }
      } finally {
        await club.stop();
        await clubInMemory.stop();
        bare.stop();
      }

      const bare50 = results.get("bare:50")!;
      const club50 = results.get("club:50")!;
      const [b99, c99] = [percentile(bare50.latencies, 99), percentile(club50.latencies, 99)];
      figures.push(
        {
          name: "50 viewers: club p99 vs bare p99 (the same machine, the same run)",
          value: `${c99.toFixed(1)} ms vs ${b99.toFixed(1)} ms, ratio ${(c99 / b99).toFixed(2)}`,
          target: "<= 1.3",
          pass: c99 / b99 <= 1.3,
        },
        { name: "50 viewers: club p99", value: `${c99.toFixed(1)} ms`, target: "<= 50 ms", pass: c99 <= 50 },
        {
          name: "50 viewers: club crop ends delivered",
          value: `${club50.cropEndsDelivered} of ${club50.cropEndsExpected}`,
          target: "all",
          pass: club50.cropEndsDelivered === club50.cropEndsExpected,
        },
      );
      figures.push({
        name: "machine load average after",
        value: `${os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(", ")} on ${os.cpus().length} cores`,
      });
      printFigures("Live layer", figures);
    },
  );
}

/** Starts the bare baseline in a process of its own (so its CPU is its own). */
async function startBare(): Promise<{ url: string; pid: number; stop(): void }> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--bare"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /listening on (\d+)/.exec(output);
      if (ready) resolve(ready[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function runFigures(label: string, result: RunResult): Figure[] {
  const l = result.latencies;
  return [
    {
      name: `${label}: latency`,
      value: `p50 ${percentile(l, 50).toFixed(1)} ms, p95 ${percentile(l, 95).toFixed(1)} ms, p99 ${percentile(l, 99).toFixed(1)} ms`,
    },
    {
      name: `${label}: pointer moves delivered`,
      value:
        `${((100 * result.delivered) / result.expected).toFixed(1)}% of ${result.expected.toLocaleString()} ` +
        `(${result.sent.toLocaleString()} moves sent of ${(SECONDS * POINTER_HZ * (result.expected / result.sent + 1)).toLocaleString()} planned: late ticks are skipped)`,
    },
    {
      name: `${label}: pointer messages the viewers received`,
      value: `${Math.round(result.messages / SECONDS).toLocaleString()} a second`,
    },
    {
      name: `${label}: crop ends delivered`,
      value: `${result.cropEndsDelivered} of ${result.cropEndsExpected}`,
      target: "all",
      pass: result.cropEndsDelivered === result.cropEndsExpected,
    },
    { name: `${label}: server CPU`, value: `${result.cpuPercent.toFixed(0)}% of one core` },
  ];
}

type Viewer = { id: number; cookie: string; server: number };

/** What a client thread is given: its viewers and where they connect. */
type Assignment = { urls: string[]; cookies: boolean; photoId: number; viewers: Viewer[]; everyone: Viewer[] };

/** What it reports back once the run is over. */
type ThreadResult = {
  latencies: Float64Array;
  crossLatencies: Float64Array;
  sent: number;
  delivered: number;
  messages: number;
  cropEndsDelivered: number;
};

/** Client threads: one event loop cannot receive the ~200,000 messages a second of 100 viewers on time. */
const CLIENT_THREADS = Number(process.env.BENCH_LIVE_THREADS ?? 4);

/** A client thread loads this file through tsx's loader (a thread does not inherit the main thread's). */
const THREAD_BOOT = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;

/** Milliseconds on a clock every thread of this process shares. */
const now = () => performance.timeOrigin + performance.now();

/**
 * A move carries its send time in dx (milliseconds modulo 1,000 s, as a
 * fraction), so the receiving thread times it without asking the sender; the
 * club passes dx on exactly as it came (it is a fraction between 0 and 1).
 */
const WRAP_MS = 1_000_000;
const stamp = () => (now() % WRAP_MS) / WRAP_MS;
const ageOf = (dx: number) => (now() - dx * WRAP_MS + WRAP_MS) % WRAP_MS;

/**
 * One run: every viewer joins the room (spread over the target's servers and
 * over the client threads), moves the pointer at 20 Hz for SECONDS (volatile,
 * as the browser sends it) and, halfway through, draws one crop (start, drag, end).
 */
async function runRoom(target: Target, members: { id: number; cookie: string }[], photoId: number): Promise<RunResult> {
  const everyone = members.map((member, i) => ({ ...member, server: i % target.urls.length }));
  const threads = Math.min(CLIENT_THREADS, everyone.length);
  const workers = Array.from({ length: threads }, (_, t) => {
    const assignment: Assignment = {
      urls: target.urls,
      cookies: target.cookies,
      photoId,
      viewers: everyone.filter((_, i) => i % threads === t),
      everyone,
    };
    return new Worker(THREAD_BOOT, { eval: true, workerData: assignment });
  });
  const message = <T>(worker: Worker) =>
    new Promise<T>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  // Everyone in the room before anyone moves.
  await Promise.all(workers.map((worker) => message<"connected">(worker)));
  await new Promise((resolve) => setTimeout(resolve, 500));

  const cpuBefore = target.pids.map(cpuSeconds);
  const started = performance.now();
  const done = workers.map((worker) => message<ThreadResult>(worker));
  workers.forEach((worker) => worker.postMessage("go"));
  const results = await Promise.all(done);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = target.pids.map(cpuSeconds).reduce((sum, value, i) => sum + value - cpuBefore[i]!, 0);
  await Promise.all(workers.map((worker) => worker.terminate()));
  // Let the servers see everyone leave before the next run.
  await new Promise((resolve) => setTimeout(resolve, 500));

  const sent = results.reduce((sum, r) => sum + r.sent, 0);
  return {
    latencies: results.flatMap((r) => [...r.latencies]),
    crossLatencies: results.flatMap((r) => [...r.crossLatencies]),
    sent,
    expected: sent * (everyone.length - 1),
    delivered: results.reduce((sum, r) => sum + r.delivered, 0),
    messages: results.reduce((sum, r) => sum + r.messages, 0),
    cropEndsExpected: everyone.length * (everyone.length - 1),
    cropEndsDelivered: results.reduce((sum, r) => sum + r.cropEndsDelivered, 0),
    cpuPercent: (100 * cpu) / elapsed,
  };
}

/** A client thread: connects its viewers, waits for "go", moves and crops, reports. */
async function clientThread({ urls, cookies, photoId, viewers, everyone }: Assignment) {
  const serverOf = new Map(everyone.map((viewer) => [viewer.id, viewer.server]));
  const latencies: number[] = [];
  const crossLatencies: number[] = [];
  let delivered = 0;
  let messages = 0;
  let cropEndsDelivered = 0;
  let sent = 0;
  const endsExpected = viewers.length * (everyone.length - 1);
  let allEndsIn: () => void = () => {};
  const endsIn = new Promise<void>((resolve) => (allEndsIn = resolve));

  const sockets = await Promise.all(
    viewers.map(async (viewer) => {
      const socket: Socket = connectClient(`${urls[viewer.server]}/photos`, {
        query: { id: String(photoId), member: String(viewer.id) },
        extraHeaders: cookies ? { Cookie: viewer.cookie } : {},
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
      });
      const heard = (memberId: number, dx: number) => {
        const latency = ageOf(dx);
        delivered++;
        latencies.push(latency);
        if (serverOf.get(memberId) !== viewer.server) crossLatencies.push(latency);
      };
      // The club sends a room one frame of pointer messages per tick (`pointer(...frame)`); the bare
      // baseline each move on its own (a frame of one).
      socket.on("pointer", (...frame: { dx: number; user: { id: number } }[]) => {
        messages++;
        frame.forEach((move) => heard(move.user.id, move.dx));
      });
      socket.on("crop", (message: { phase: string }) => {
        if (message.phase !== "end") return;
        cropEndsDelivered++;
        if (cropEndsDelivered === endsExpected) allEndsIn();
      });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", (error) => reject(error));
      });
      return socket;
    }),
  );
  parentPort!.postMessage("connected");
  await new Promise((resolve) => parentPort!.once("message", resolve));

  const started = performance.now();
  const moves = SECONDS * POINTER_HZ;
  const period = 1000 / POINTER_HZ;
  await Promise.all(
    sockets.map(async (socket, i) => {
      // Spread the viewers' ticks over the period, as real hands are.
      const offset = (i * period) / sockets.length;
      let cropped = false;
      for (let move = 1; move <= moves; move++) {
        const next = started + offset + move * period;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
        // Late (a busy machine): skip the ticks missed, as a browser's frames do, rather than send a burst.
        if (performance.now() - next > period) continue;
        socket.volatile.emit("pointer", { dx: stamp(), dy: 0.5 });
        sent++;
        if (!cropped && move >= moves / 2) {
          cropped = true;
          const start = { dx: 0.2, dy: 0.2 };
          socket.emit("crop", { phase: "start", start });
          socket.volatile.emit("crop", { phase: "drag", start, drag: { dx: 0.3, dy: 0.3 } });
          socket.emit("crop", { phase: "end", start, end: { dx: 0.4, dy: 0.4 } });
        }
      }
    }),
  );
  // What is still on its way: every crop end must come (a crop end is never dropped, only late on a
  // starved machine: up to two minutes), then a second for stragglers.
  await Promise.race([endsIn, new Promise((resolve) => setTimeout(resolve, 120_000))]);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  sockets.forEach((socket) => socket.close());
  const result: ThreadResult = {
    latencies: Float64Array.from(latencies),
    crossLatencies: Float64Array.from(crossLatencies),
    sent,
    delivered,
    messages,
    cropEndsDelivered,
  };
  parentPort!.postMessage(result);
}

// The bare baseline server, when this file is run with --bare: a room, and whatever comes in goes out.
if (process.argv.includes("--bare")) {
  const server = http.createServer();
  const io = new Server(server, { serveClient: false });
  io.of("/photos").on("connection", (socket) => {
    const room = `photo:${String(socket.handshake.query.id)}`;
    const user = { id: Number(socket.handshake.query.member), firstName: "Bare" };
    void socket.join(room);
    socket.on("pointer", (message: object) => socket.to(room).emit("pointer", { ...message, user }));
    socket.on("crop", (message: object) => socket.to(room).emit("crop", { ...message, user }));
  });
  server.listen(0, "127.0.0.1", () => console.log(`listening on ${(server.address() as AddressInfo).port}`));
} else if (!isMainThread) {
  await clientThread(workerData as Assignment);
} else {
  figuresSection("live", "The live layer: pointers and crops in one photo room (bench:live)");
  await withDatabaseServer(main);
  saveFigures("npm run bench:live");
}
