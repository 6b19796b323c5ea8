// What heavy work does to the rest of the site, measured in the test's own
// process (where the app's services run): the peak growth of its memory, the
// slowest /healthz check (the same health() the route answers with) and the
// longest stall of the event loop, while `work` runs.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { health } from "~/server/health.server";

export type Load<T> = {
  result: T;
  /** Peak resident memory above the level before the work, in MB. */
  rssGrowthMb: number;
  slowestHealthMs: number;
  /** The longest time the event loop was held by one task, in ms. */
  longestStallMs: number;
  healthChecks: number;
};

export async function underLoad<T>(work: () => Promise<T>): Promise<Load<T>> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  let done = false;
  let slowestHealthMs = 0;
  let healthChecks = 0;
  const checking = (async () => {
    while (!done) {
      const started = performance.now();
      const answer = await health();
      if (!answer.ok) throw new Error(`health check failed: ${JSON.stringify(answer)}`);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      healthChecks++;
      await sleep(50);
    }
  })();
  try {
    const result = await work();
    return {
      result,
      rssGrowthMb: (Math.max(peak, process.memoryUsage().rss) - before) / (1024 * 1024),
      slowestHealthMs,
      longestStallMs: stalls.max / 1e6,
      healthChecks,
    };
  } finally {
    done = true;
    clearInterval(sampler);
    stalls.disable();
    await checking;
  }
}
