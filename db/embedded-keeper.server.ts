// The site keeps its own PostgreSQL running. A postmaster that is gone (killed,
// crashed, or shut down by PostgreSQL itself after a PANIC, as on a full disk)
// is started again, at once and then after longer pauses while it fails, so the
// site answers again within seconds of the cause going away, without an operator.
// Meanwhile every query fails at once and is answered 503 (app/server/outages.server.ts).
// A frozen server (SIGSTOP) is alive: it is the query deadline's to answer, not ours.
export type EmbeddedLog = {
  warn(message: string): void;
  error(error: unknown, message: string): void;
};

export type KeeperOptions = {
  /** Whether the server runs (cheap: asked every `checkEveryMs`). */
  running(): boolean;
  /** Starts it again; throws when it cannot (yet). */
  restart(): Promise<void>;
  log?: EmbeddedLog;
  checkEveryMs?: number;
  /** The pause after the first failed start, doubled after each one up to `maxPauseMs`. */
  firstPauseMs?: number;
  maxPauseMs?: number;
};

export type Keeper = { stop(): Promise<void> };

export const KEEPER_DEFAULTS = { checkEveryMs: 1000, firstPauseMs: 500, maxPauseMs: 5000 };

export function keepRunning(options: KeeperOptions): Keeper {
  const { checkEveryMs, firstPauseMs, maxPauseMs } = { ...KEEPER_DEFAULTS, ...options };
  let stopped = false;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      // Waiting must not keep the process alive; stop() ends the wait at once.
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function restartUntilRunning() {
    options.log?.warn("The club's database server stopped; starting it again.");
    let saidAt = -Infinity;
    for (let failures = 0; !stopped; failures++) {
      try {
        await options.restart();
        options.log?.warn("The club's database server is running again.");
        return;
      } catch (error) {
        const wait = Math.min(firstPauseMs * 2 ** failures, maxPauseMs);
        // The first failure and then one a minute: a long outage (a full disk) must not flood the log.
        if (Date.now() - saidAt >= 60_000) {
          saidAt = Date.now();
          options.log?.error(
            error,
            `The club's database server did not start; trying again within ${maxPauseMs / 1000} s.`,
          );
        }
        await pause(wait);
      }
    }
  }

  const loop = (async () => {
    while (!stopped) {
      await pause(checkEveryMs);
      if (!stopped && !options.running()) await restartUntilRunning();
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      // A start in progress ends first, so whoever stops the server next finds it.
      await loop;
    },
  };
}
