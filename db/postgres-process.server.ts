// The PostgreSQL processes of the embedded server (db/embedded-postgres.server.ts):
// where the binaries are and who may run them, and how a running postmaster is
// found, waited for and stopped. Nothing here knows about the club.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The embedded-postgres platform package's binaries (initdb, postgres). */
export async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const found = (await import(name)) as { initdb: string; postgres: string };
    return { initdb: found.initdb, postgres: found.postgres };
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
export async function runnableBinaries(user: RunAs): Promise<{ initdb: string; postgres: string }> {
  const found = await binaries();
  if (!user || reachable(found.postgres, user)) return found;
  const native = path.dirname(path.dirname(found.postgres));
  const version = spawnSync(found.postgres, ["--version"], { encoding: "utf8" }).stdout.trim().split(" ").pop();
  const copy = path.join(os.tmpdir(), `club-postgres-${version}-${os.arch()}`);
  if (!fs.existsSync(path.join(copy, "bin", "postgres"))) {
    const partial = `${copy}.${process.pid}.partial`;
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    fs.renameSync(partial, copy);
  }
  return { initdb: path.join(copy, "bin", "initdb"), postgres: path.join(copy, "bin", "postgres") };
}

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A process that has exited but is not yet reaped (a zombie) still answers signal 0.
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return os.platform() !== "linux";
  }
}

/** The running postmaster of `cluster`, from its postmaster.pid, if that process is a live postgres. */
export function runningPostmaster(cluster: string): { pid: number; ready: boolean } | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(cluster, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  // The pid of a postmaster that died may since belong to another program.
  try {
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres")) return null;
  } catch {
    if (os.platform() === "linux") return null;
  }
  return { pid, ready: (lines[7] ?? "").trim() === "ready" };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(what: string, done: () => boolean, timeoutMs: number, failed?: () => string | null) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    const failure = failed?.();
    if (failure) throw new Error(failure);
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not ${what} within ${timeoutMs / 1000} s`);
    await sleep(25);
  }
}

export function lastLogLines(file: string) {
  try {
    return fs.readFileSync(file, "utf8").trim().split("\n").slice(-5).join("\n");
  } catch {
    return "";
  }
}

/** Stops the postmaster `pid` with a fast shutdown (clients cut, committed data kept) and waits for it. */
export async function stopPostmaster(pid: number, cluster: string, timeoutMs = 30_000) {
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return;
  }
  try {
    // Gone when its pid file is, and the process too (it removes the file a moment before it exits).
    await waitFor("stop", () => runningPostmaster(cluster) === null && !isAlive(pid), timeoutMs);
  } catch {
    // Immediate shutdown: the next start replays the log, so nothing committed is lost.
    if (isAlive(pid)) process.kill(pid, "SIGQUIT");
    await waitFor("stop", () => runningPostmaster(cluster) === null && !isAlive(pid), 5000);
  }
}
