// Starts the built club site (`node build/server.js`, as `npm start` runs it) on
// its own database, port and data folder, the way an operator would, and stops
// it again. Used by the global setup (the shared server every spec talks to)
// and by specs that need a server of their own (an empty club, for instance).
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { hashPassword } from "../../../app/services/auth/password-hash.server";
import { createTestDatabase, dropTestDatabase, withSql } from "../../support/test-database";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** Server logs go here; Playwright's own output folder (test-results/playwright) is wiped per run, this is not. */
export const logDir = path.join(repoRoot, "test-results");
export const SITE_TITLE = "Test Street Club";

/**
 * How long a spec's set-up may take to make a database, seed it and start a
 * server. On a busy two-core machine (several suites at once) one member made
 * with the operator command takes several seconds and the server's first start
 * another ten or more, so hooks that start a server get this, not the 60 s of
 * a test: `test.beforeAll(async () => { test.setTimeout(SERVER_START_TIMEOUT); ... })`.
 */
export const SERVER_START_TIMEOUT = 120_000;
/** How long an e-mail the server sends after answering may take to reach the mail catcher on a busy machine. */
export const MAIL_TIMEOUT = 30_000;
/** How long the server may take to answer 200 on /healthz once spawned (within SERVER_START_TIMEOUT). */
const READY_TIMEOUT = 90_000;

const SESSION_SECRET = "e2e-session-secret-0123456789-abcdefghijklmnop";

/** Whether nothing listens on `port` on the loopback address right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

// A spec's server port comes from a block of its worker's own, below Linux's
// ephemeral range (32768-60999). A port the OS picked (listen on 0) could be
// picked again, between the probe and the server's listen, by another worker's
// probe, a fault proxy, s3rver or an outgoing connection; the server that then
// failed to listen left its spec polling /healthz on the other server's port
// and testing it instead (a database "stopped" that was not that server's).
const PORT_BLOCK = 500;
const FIRST_PORT = 20_000;
let portsTaken = 0;

/** A port nobody listens on right now, of this worker's block. */
export async function freePort(): Promise<number> {
  const block = FIRST_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0) * PORT_BLOCK;
  for (let tries = 0; tries < PORT_BLOCK; tries++) {
    const port = block + (portsTaken++ % PORT_BLOCK);
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port between ${block} and ${block + PORT_BLOCK - 1}.`);
}

export interface ClubServer {
  baseURL: string;
  /** The server process (for specs that signal or kill it themselves). */
  pid: number;
  databaseUrl: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Waits until the server has printed a line matching the pattern (30 s by default); returns the match. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** The folder the server keeps its embedded files in (DATA_DIR). */
  dataDir: string;
  /** SIGTERM, wait for the exit, drop the database, remove the data folder; resolves to the exit code. */
  stop(): Promise<number | null>;
}

export interface ClubServerOptions {
  /** A name for the log file and the database prefix. */
  name: string;
  port?: number;
  /** Extra environment for the server (FEATURE_REGISTRATION, ...). */
  env?: Record<string, string>;
  /** Leave DATA_DIR in place after stop() (the caller removes it). */
  keepDataDir?: boolean;
  /** An existing DATA_DIR to start on (a restart); kept after stop(). */
  dataDir?: string;
  /** Runs after the database is made and before the server starts (seed members here). */
  beforeStart?: (databaseUrl: string) => Promise<void>;
  /** The command that runs node with `args` (default: node itself; support/tiny-disk.ts wraps it). */
  launch?: (dataDir: string, args: string[]) => [string, string[]];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A hook that times out while its server starts never gets the server to stop:
// it must not outlive the worker (a stray server keeps loading a busy machine).
const started = new Set<ChildProcess>();
process.once("exit", () => started.forEach((child) => child.kill("SIGKILL")));

function tail(text: string, lines = 40) {
  return text.split("\n").slice(-lines).join("\n");
}

export async function startClubServer(options: ClubServerOptions): Promise<ClubServer> {
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  if (
    !["build/server/index.js", "build/server.js", "build/user-create.js"].every((file) =>
      fs.existsSync(path.join(repoRoot, file)),
    )
  ) {
    throw new Error("There is no build/: run `npm run build` first (npm run test:e2e does).");
  }

  const databaseUrl = await createTestDatabase(`club_e2e_${options.name.replace(/\W/g, "_")}`);
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `club-e2e-${options.name}-`));
  const cleanUp = async () => {
    await dropTestDatabase(databaseUrl);
    if (!options.keepDataDir && !options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await options.beforeStart?.(databaseUrl);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  fs.mkdirSync(logDir, { recursive: true });
  // One file per worker: two workers may each start a spec's server (its tests spread over both).
  const worker = process.env.TEST_PARALLEL_INDEX ?? "0";
  const logFile = path.join(logDir, `e2e-server-${options.name}-${worker}.log`);
  const log = fs.createWriteStream(logFile);
  let output = "";
  const listeners = new Set<() => void>();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // As `npm start` runs it: production (Secure cookies, which Chromium keeps and sends for
    // 127.0.0.1 over plain http, and React's production server renderer, half the CPU a page
    // of its development one). A spec that needs test-only pause points sets NODE_ENV=test.
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: baseURL,
    DATA_DIR: dataDir,
    SITE_TITLE,
    SESSION_SECRET,
    FEATURE_REGISTRATION: "false",
    ...options.env,
  };
  // The built server, as `npm start` runs it.
  const [command, args] = options.launch?.(dataDir, ["build/server.js"]) ?? [process.execPath, ["build/server.js"]];
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code, signal) => {
      started.delete(child);
      resolve(code ?? (signal ? -1 : null));
    }),
  );
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    listeners.forEach((listener) => listener());
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
    listeners.forEach((listener) => listener());
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);

  const stop = async () => {
    if (!hasExited) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise((resolve) => log.end(resolve));
    await cleanUp();
    return exited;
  };

  const fail = async (reason: string): Promise<never> => {
    const printed = output;
    await stop();
    throw new Error(
      `The club server (${options.name}) ${reason}. Log: ${logFile}\n--- last lines ---\n${tail(printed)}`,
    );
  };

  // Ready when /healthz answers 200: polled, since how long a start takes depends on the machine.
  const deadline = Date.now() + READY_TIMEOUT;
  for (;;) {
    if (hasExited) await fail("exited during start-up");
    try {
      // Each probe is bounded, so one request stuck on a busy machine cannot outlast the deadline.
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) await fail(`did not answer 200 on /healthz within ${READY_TIMEOUT / 1000} s`);
    await sleep(200);
  }

  return {
    baseURL,
    pid: child.pid!,
    databaseUrl,
    dataDir,
    output: () => output,
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) done(() => resolve(match));
          else if (hasExited)
            done(() => reject(new Error(`The server exited without printing ${pattern}.\n${tail(output)}`)));
        };
        const timer = setTimeout(
          () =>
            done(() =>
              reject(new Error(`The server did not print ${pattern} within ${timeoutMs} ms.\n${tail(output)}`)),
            ),
          timeoutMs,
        );
        const done = (finish: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          finish();
        };
        listeners.add(check);
        check();
      });
    },
    stop,
  };
}

const execFileAsync = promisify(execFile);

export interface MemberDetails {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  admin?: boolean;
}

/**
 * Creates a member with the operator command (`npm run user:create`'s
 * scripts/user-create.ts), as built into build/user-create.js by npm run build;
 * returns the new id. Built, and without npm's own start-up, it costs half a
 * second of CPU a member instead of seconds (tsx compiles on every run);
 * tests/integration/cli.test.ts runs the command itself through npm's tsx.
 */
export async function createMemberWithCli(
  databaseUrl: string,
  member: MemberDetails,
  /** Other settings for the command (DATA_DIR of an embedded club, say). */
  env: Record<string, string> = {},
): Promise<number> {
  const args = ["build/user-create.js"];
  args.push("--email", member.email, "--username", member.username, "--password", member.password);
  args.push("--first-name", member.firstName, "--last-name", member.lastName);
  if (member.admin) args.push("--admin");
  try {
    const { stdout } = await execFileAsync(process.execPath, args, {
      cwd: repoRoot,
      // SESSION_SECRET and DATA_DIR set so the command writes nothing into the repository's ./data.
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        NODE_ENV: "test",
        SESSION_SECRET,
        DATA_DIR: os.tmpdir(),
        ...env,
      },
    });
    const id = Number(stdout.trim().split("\n").pop());
    if (!Number.isInteger(id) || id <= 0) throw new Error(`user:create printed no id: ${JSON.stringify(stdout)}`);
    return id;
  } catch (error) {
    const failure = error as Error & { stderr?: string; stdout?: string };
    throw new Error(`user:create failed for ${member.username}: ${failure.message}\n${failure.stderr ?? ""}`);
  }
}

/**
 * Creates the members a test's club starts with, written to its database as
 * user:create writes them (the same columns, an argon2id hash of each password);
 * returns their ids. The command itself is tried by server-lifecycle.spec and
 * server-faults.spec (the built one) and by cli.test.ts; made through it, the
 * suite's 90-odd members cost 70 CPU-seconds of start-ups.
 */
export async function createMembers(databaseUrl: string, list: MemberDetails[]): Promise<number[]> {
  return withSql(databaseUrl, async (sql) => {
    const ids: number[] = [];
    for (const member of list) {
      const [row] = await sql<{ id: number }[]>`
        insert into users (username, first_name, last_name, email, password_hash, is_admin)
        values (${member.username}, ${member.firstName}, ${member.lastName}, ${member.email},
                ${await hashPassword(member.password)}, ${member.admin ?? false})
        returning id`;
      ids.push(row!.id);
    }
    return ids;
  });
}
