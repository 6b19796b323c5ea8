// npm run bench, section "embedded" (also part of "http"; the target: as fast
// as the server path): GET /api/photos and /browse under 50 connections on the
// embedded default (the PostgreSQL server the site starts under DATA_DIR, on its Unix
// socket) against the same routes on a PostgreSQL server (DATABASE_URL's, else the
// run's own). Two clubs of the same generated shape run side by side and are loaded
// in turns, the order swapped each round (server first, then embedded first), so a
// shared machine that speeds up or slows down weighs on both alike; each round's
// embedded/server ratio is kept, and their median is the figure (target >= 0.9).
import { BIG, startClub, type BenchClub } from "./clubs";
import { databaseServerLabel } from "./database-server";
import { median, type Figure } from "./report";
import { load, P99_TARGET_MS } from "./throughput";

const ROUNDS = Number(process.env.BENCH_EMBEDDED_ROUNDS ?? 5);
const RATIO_TARGET = 0.9;

type Loaded = Awaited<ReturnType<typeof load>>;

const ROUTES = [
  { name: "GET /api/photos (member)", path: "/api/photos", rpsTarget: 1000, p99Target: P99_TARGET_MS.api },
  { name: "/browse (member)", path: "/browse", rpsTarget: 400, p99Target: P99_TARGET_MS.page },
] as const;

const rates = (runs: Loaded[]) => runs.map((run) => run.rps.toFixed(0)).join(", ");

/**
 * The comparison's figures. `server` is a running club on the PostgreSQL server of
 * BIG's shape (the http section's); without it one is started here.
 */
export async function embeddedFigures(server?: BenchClub): Promise<Figure[]> {
  const onServer = server ?? (await startClub("server", BIG));
  let embedded: BenchClub | undefined;
  try {
    embedded = await startClub("embedded", BIG, { embedded: true });
    const runs = ROUTES.map(() => ({ server: [] as Loaded[], embedded: [] as Loaded[] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, route] of ROUTES.entries()) {
        const order = round % 2 === 0 ? (["server", "embedded"] as const) : (["embedded", "server"] as const);
        for (const which of order) {
          const club = which === "server" ? onServer : embedded;
          runs[i]![which].push(await load(`${club.club.baseURL}${route.path}`, club.cookie));
        }
      }
    }
    const photos = embedded.counts.photos.toLocaleString();
    return ROUTES.flatMap((route, i): Figure[] => {
      const { server: serverRuns, embedded: embeddedRuns } = runs[i]!;
      const ratios = embeddedRuns.map((run, round) => run.rps / serverRuns[round]!.rps);
      const ratio = median(ratios);
      const rps = median(embeddedRuns.map((run) => run.rps));
      const p99 = median(embeddedRuns.map((run) => run.p99));
      return [
        {
          name: `${route.name}, server: req/s (median of ${ROUNDS})`,
          value: `${median(serverRuns.map((run) => run.rps)).toFixed(0)} req/s (rounds ${rates(serverRuns)}; p99 ${median(serverRuns.map((run) => run.p99))} ms)`,
        },
        {
          name: `${route.name}, embedded: req/s (median of ${ROUNDS})`,
          value: `${rps.toFixed(0)} req/s (rounds ${rates(embeddedRuns)}; p99 ${p99} ms)`,
          target: `>= ${route.rpsTarget} req/s, p99 <= ${route.p99Target} ms`,
          pass: rps >= route.rpsTarget && p99 <= route.p99Target,
        },
        {
          name: `${route.name}, embedded / server (${photos} photos each)`,
          value: `${ratio.toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(", ")})`,
          target: `>= ${RATIO_TARGET}`,
          pass: ratio >= RATIO_TARGET,
        },
      ];
    });
  } finally {
    await embedded?.club.stop();
    if (!server) await onServer.club.stop();
  }
}

/** The title the figures print under. */
export const embeddedTitle = () =>
  `The embedded default against a PostgreSQL server (${databaseServerLabel()}), 50 connections, ${ROUNDS} rounds in alternating order`;
