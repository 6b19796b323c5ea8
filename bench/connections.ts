// One address floods a running site with connections: before
// the bounds, 21,000 connections in 9 s (+227 MB) and new visitors got no
// answer. The built site runs as `npm start` does, with its defaults; for
// FLOOD_MS one loopback address (127.0.0.2) opens connections as fast as it
// can and keeps them, half silent and half asking socket.io for its default
// namespace over a WebSocket, while another (127.0.0.1) asks /healthz every
// 100 ms. Printed: what the flooder tried and holds, /healthz's answers, and the
// site's Node memory (PSS) before and at the peak.
import { Worker } from "node:worker_threads";
import { startClubServer } from "../tests/e2e/support/club-server";
import { sampleTrees, startSampling } from "./process-memory";
import { median, mb, type Figure } from "./report";

const FLOOD_MS = Number(process.env.BENCH_FLOOD_MS ?? 9000);
const IN_FLIGHT = 200;
const FLOODER = "127.0.0.2";

const nodeKb = (sample: ReturnType<typeof sampleTrees>) =>
  sample.processes.filter((p) => p.kind === "node").reduce((sum, p) => sum + p.kb, 0);

// The flooder runs on a thread of its own, so its work does not delay the /healthz probe beside it.
const FLOOD_THREAD = `
const net = require("node:net");
const { workerData, parentPort } = require("node:worker_threads");
const { port, host, localAddress, floodMs, inFlight } = workerData;
const held = new Set();
let tried = 0;
const upgrade =
  "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nUpgrade: websocket\\r\\n" +
  "Connection: Upgrade\\r\\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\\r\\nSec-WebSocket-Version: 13\\r\\n\\r\\n";
const open = () => new Promise((resolve) => {
  tried++;
  const socket = net.connect({ port, host, localAddress });
  socket.on("error", () => {});
  socket.resume();
  socket.once("connect", () => {
    held.add(socket);
    // Every other one asks for socket.io's default namespace over a WebSocket: what held 21,000.
    if (tried % 2 === 0) socket.write(upgrade);
    setImmediate(resolve);
  });
  socket.once("close", () => { held.delete(socket); resolve(); });
});
const until = performance.now() + floodMs;
Promise.all(Array.from({ length: inFlight }, async () => { while (performance.now() < until) await open(); }))
  // What the server closed has told us by now: the rest it holds.
  .then(() => new Promise((resolve) => setTimeout(resolve, 1000)))
  .then(() => { parentPort.postMessage({ tried, stillHeld: held.size }); held.forEach((s) => s.destroy()); });
`;

/** Opens connections from FLOODER for FLOOD_MS, IN_FLIGHT at a time; what it tried and what it holds at the end. */
function flood(port: number): Promise<{ tried: number; stillHeld: number }> {
  const worker = new Worker(FLOOD_THREAD, {
    eval: true,
    workerData: { port, host: "127.0.0.1", localAddress: FLOODER, floodMs: FLOOD_MS, inFlight: IN_FLIGHT },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", (counts: { tried: number; stillHeld: number }) => {
      resolve(counts);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/** /healthz from 127.0.0.1 every 100 ms until `until`: each answer's milliseconds, or null for none in 5 s. */
async function probeHealth(baseURL: string, until: number) {
  const times: (number | null)[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(5000) });
      await response.text();
      times.push(response.ok ? performance.now() - started : null);
    } catch {
      times.push(null);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return times;
}

export async function connectionFloodFigures(): Promise<Figure[]> {
  const club = await startClubServer({ name: "bench-connections", env: { NODE_ENV: "production" } });
  try {
    const port = Number(new URL(club.baseURL).port);
    await fetch(`${club.baseURL}/healthz`).then((r) => r.text());
    const quiet = (await probeHealth(club.baseURL, performance.now() + 3000)).filter((t): t is number => t !== null);
    const before = nodeKb(sampleTrees([club.pid]));
    const sampler = startSampling(() => [club.pid], 100);
    const until = performance.now() + FLOOD_MS;
    const [flooded, health] = await Promise.all([flood(port), probeHealth(club.baseURL, until)]);
    const { peak } = sampler.stop();
    const answered = health.filter((time): time is number => time !== null);
    return [
      {
        name: `one address for ${FLOOD_MS / 1000} s: connections tried, held at the end`,
        value: `${flooded.tried.toLocaleString()}, ${flooded.stillHeld}`,
        target: "held <= HTTP_CONNECTIONS_PER_ADDRESS (256)",
        pass: flooded.stillHeld <= 256,
      },
      {
        name: "/healthz before the flood: median, slowest",
        value: `${median(quiet).toFixed(1)} ms, ${Math.max(...quiet).toFixed(1)} ms`,
      },
      {
        name: "/healthz from another address meanwhile: answered, median, slowest",
        value: `${answered.length} of ${health.length}, ${median(answered).toFixed(1)} ms, ${Math.max(...answered).toFixed(1)} ms`,
        target: "every one, within 1 s",
        pass: answered.length === health.length && Math.max(...answered) < 1000,
      },
      {
        name: "the site's Node memory (PSS): before, peak during the flood",
        value: `${mb(before * 1024)}, ${mb(nodeKb(peak) * 1024)} (+${mb((nodeKb(peak) - before) * 1024)})`,
      },
    ];
  } finally {
    await club.stop();
  }
}
