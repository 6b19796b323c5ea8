// npm run bench, section "grid" (the grid under load, docs/performance.md): /browse
// as a member at 50 connections on two 110,000-photo clubs, one on a PostgreSQL
// server and one on the embedded default, each beside the bare React Router grid
// (bench/baseline) measured in the same round. The three are loaded in turns, the
// order rotated each round, so a shared machine that speeds up or slows down weighs
// on all three alike; each round's ratio to its baseline is kept and the medians
// are the figures. Targets: 400 req/s, p99 at most 300 ms, at least 0.6 of the baseline.
// Each server's own CPU time per request (its Node process, from /proc; PostgreSQL's is
// not counted) is printed too: steadier than requests per second on a shared machine.
import { BIG, startClub, type BenchClub } from "./clubs";
import { databaseServerLabel } from "./database-server";
import { median, type Figure } from "./report";
import { cpuMsOf, load, P99_TARGET_MS, photosBodyOf, startBaseline } from "./throughput";

const ROUNDS = Number(process.env.BENCH_GRID_ROUNDS ?? 3);
const RPS_TARGET = 400;
const RATIO_TARGET = 0.6;

type Loaded = Awaited<ReturnType<typeof load>> & { cpuMs: number };

/** The load's figures and the CPU time the server's process spent per request meanwhile. */
async function measured(url: string, pid: number, cookie?: string): Promise<Loaded> {
  const before = cpuMsOf(pid);
  const result = await load(url, cookie);
  return { ...result, cpuMs: (cpuMsOf(pid) - before) / result.requests };
}

const cpuMedian = (runs: Loaded[]) => median(runs.map((run) => run.cpuMs));

const list = (values: number[], digits = 0) => values.map((value) => value.toFixed(digits)).join(", ");

function gridFigures(name: string, runs: Loaded[], baselines: Loaded[]): Figure[] {
  const ratios = runs.map((run, round) => run.rps / baselines[round]!.rps);
  const rps = median(runs.map((run) => run.rps));
  const p99 = median(runs.map((run) => run.p99));
  return [
    {
      name: `/browse (member), ${name}: server CPU per request (median)`,
      value: `${cpuMedian(runs).toFixed(2)} ms against the bare grid's ${cpuMedian(baselines).toFixed(2)} ms: ${(cpuMedian(baselines) / cpuMedian(runs)).toFixed(2)}`,
    },
    {
      name: `/browse (member), ${name}: req/s, p99 (median of ${runs.length})`,
      value: `${rps.toFixed(0)} req/s, p99 ${p99} ms (rounds ${list(runs.map((run) => run.rps))}; p99 ${list(runs.map((run) => run.p99))})`,
      target: `>= ${RPS_TARGET} req/s, p99 <= ${P99_TARGET_MS.page} ms`,
      pass: rps >= RPS_TARGET && p99 <= P99_TARGET_MS.page,
    },
    {
      name: `/browse (member), ${name}: ratio to the bare grid`,
      value: `${median(ratios).toFixed(2)} (rounds ${list(ratios, 2)})`,
      target: `>= ${RATIO_TARGET}`,
      pass: median(ratios) >= RATIO_TARGET,
    },
  ];
}

/** The grid's figures on both databases, each against the baseline of its round. */
export async function gridUnderLoadFigures(): Promise<Figure[]> {
  let onServer: BenchClub | undefined;
  let embedded: BenchClub | undefined;
  try {
    onServer = await startClub("grid-server", BIG);
    embedded = await startClub("grid-embedded", BIG, { embedded: true });
    const baseline = await startBaseline(await photosBodyOf(onServer));
    const runs = { baseline: [] as Loaded[], server: [] as Loaded[], embedded: [] as Loaded[] };
    try {
      const loaders = {
        baseline: () => measured(`${baseline.baseURL}/`, baseline.pid),
        server: () => measured(`${onServer!.club.baseURL}/browse`, onServer!.club.pid, onServer!.cookie),
        embedded: () => measured(`${embedded!.club.baseURL}/browse`, embedded!.club.pid, embedded!.cookie),
      };
      const order = ["baseline", "server", "embedded"] as const;
      for (let round = 0; round < ROUNDS; round++) {
        for (let i = 0; i < order.length; i++) {
          const which = order[(i + round) % order.length]!;
          runs[which].push(await loaders[which]());
        }
      }
    } finally {
      await baseline.stop();
    }
    return [
      {
        name: `bare React Router grid (bench/baseline): req/s, p99 (median of ${ROUNDS})`,
        value: `${median(runs.baseline.map((run) => run.rps)).toFixed(0)} req/s, p99 ${median(runs.baseline.map((run) => run.p99))} ms (rounds ${list(runs.baseline.map((run) => run.rps))})`,
      },
      ...gridFigures(`PostgreSQL server (${databaseServerLabel()})`, runs.server, runs.baseline),
      ...gridFigures("embedded default", runs.embedded, runs.baseline),
    ];
  } finally {
    await embedded?.club.stop();
    await onServer?.club.stop();
  }
}

export const GRID_TITLE = `The grid under load: /browse at 50 connections, 110,000 photos, ${ROUNDS} rounds in rotating order`;
