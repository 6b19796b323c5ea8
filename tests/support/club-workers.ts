// Starts club-worker.ts processes (a club server process without its HTTP layer)
// for the crash tests, on a database and storage of the test's choosing; each
// can be killed with -9, stopped with SIGTERM, and paused at a named step.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PauseStep } from "~/services/uploads/pause-points.server";
import { nodeArgsFor } from "./process-scripts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** How long a worker may take to start on a busy two-core machine (compiling, migrations, exiftool). */
export const WORKER_START_TIMEOUT = 120_000;

export type Worker = {
  pid: number;
  stdin: NodeJS.WritableStream;
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves when the paused step is reached (CLUB_PAUSE_AT). */
  paused(timeoutMs?: number): Promise<void>;
  /** Lets the paused step go on. */
  release(): Promise<void>;
  /** SIGKILL: nothing of the process runs after it. */
  kill9(): Promise<void>;
  /** SIGTERM and the exit code. */
  stop(): Promise<number | null>;
};

const live = new Set<number>();
// A test that fails midway must not leave workers behind.
process.once("exit", () =>
  live.forEach((pid) => {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // it has just ended
    }
  }),
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startWorker(
  command: "serve" | "photo" | "delete" | "put" | "metadata",
  input: Record<string, unknown>,
  env: Record<string, string>,
  options: { pauseAt?: PauseStep } = {},
): Promise<Worker> {
  const pauseFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "club-pause-")), "pause");
  const child = spawn(process.execPath, [...nodeArgsFor("club-worker"), command, JSON.stringify(input)], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      SESSION_SECRET: process.env.SESSION_SECRET,
      BASE_URL: "http://club.test",
      MEETING_REMINDER_HOURS: "0",
      CLUB_PAUSE_FILE: pauseFile,
      ...(options.pauseAt ? { CLUB_PAUSE_AT: options.pauseAt } : {}),
      ...env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  live.add(child.pid!);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      live.delete(child.pid!);
      exitCode = code;
      resolve(code);
    }),
  );

  const poll = async (what: string, ready: () => Promise<boolean> | boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await ready())) {
      if (exitCode !== undefined) throw new Error(`The worker exited (${exitCode}) before ${what}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`The worker did not reach ${what} in ${timeoutMs} ms:\n${output}`);
      await sleep(50);
    }
  };

  return {
    pid: child.pid!,
    stdin: child.stdin,
    output: () => output,
    async waitFor(pattern, timeoutMs = WORKER_START_TIMEOUT) {
      await poll(String(pattern), () => pattern.test(output), timeoutMs);
      return output.match(pattern)!;
    },
    paused: (timeoutMs = WORKER_START_TIMEOUT) =>
      poll(
        `the pause at ${options.pauseAt}`,
        () =>
          fs.access(`${pauseFile}.reached`).then(
            () => true,
            () => false,
          ),
        timeoutMs,
      ),
    release: () => fs.writeFile(`${pauseFile}.release`, ""),
    async kill9() {
      if (exitCode === undefined) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (exitCode === undefined) child.kill("SIGTERM");
      return exited;
    },
  };
}
