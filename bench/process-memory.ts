// A process tree's memory on Linux, read from /proc: the tree found by walking
// every process's parent pid (/proc/*/stat) down from a root, each process's
// proportional set size (the Pss: line of /proc/PID/smaps_rollup, in kB), and a
// sampler that keeps the tree's peak. PSS splits each shared page among the
// processes that map it, so summing it over the PostgreSQL processes counts the
// shared buffers and the libraries once, as the machine holds them (RSS would count
// them once per process; USS would leave them out).
import fs from "node:fs";

export type ProcessEntry = { pid: number; ppid: number; pgrp: number; comm: string };
/** kB from smaps_rollup: PSS, and what of it is shared memory (PostgreSQL's buffers); RSS and anonymous pages. */
export type Rollup = { kb: number; shmemKb: number; fileKb: number; rssKb: number; anonKb: number };
export type ProcessMemory = Rollup & { pid: number; ppid: number; name: string; kind: string };
export type TreeSample = { at: number; kb: number; processes: ProcessMemory[] };

/** Every process now: pid, parent, process group and command name, from /proc/PID/stat. */
export function processTable(): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split at the last ")".
      const close = stat.lastIndexOf(")");
      const [, ppid, pgrp] = stat.slice(close + 2).split(" ");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      table.set(Number(name), { pid: Number(name), ppid: Number(ppid), pgrp: Number(pgrp), comm });
    } catch {
      // ended while listed
    }
  }
  return table;
}

/** `root` and every process below it. */
export function treeOf(root: number, table = processTable()): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table.values()) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  const found: ProcessEntry[] = [];
  const rootEntry = table.get(root);
  const queue = rootEntry ? [rootEntry] : [];
  while (queue.length > 0) {
    const entry = queue.shift()!;
    found.push(entry);
    queue.push(...(children.get(entry.pid) ?? []));
  }
  return found;
}

/** A process's memory from /proc/PID/smaps_rollup, or null once it has ended. */
export function rollupOf(pid: number): Rollup | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  } catch {
    return null;
  }
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0);
  const kb = field("Pss");
  if (!kb) return null; // a zombie, or a kernel thread
  return {
    kb,
    shmemKb: field("Pss_Shmem"),
    fileKb: field("Pss_File"),
    rssKb: field("Rss"),
    anonKb: field("Anonymous"),
  };
}

function commandLine(pid: number): string[] {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  } catch {
    return [];
  }
}

/** What a process is, in words: PostgreSQL names its processes in their title ("postgres: checkpointer"). */
function describe(entry: ProcessEntry): { name: string; kind: string } {
  const args = commandLine(entry.pid);
  const title = args.join(" ");
  if (entry.comm === "postgres" || title.startsWith("postgres:")) {
    if (args.includes("--boot") || args.includes("--single")) return { name: "postgres (initdb)", kind: "initdb" };
    if (!title.startsWith("postgres:")) return { name: "postmaster", kind: "postmaster" };
    const what = title.slice("postgres:".length).trim();
    // A backend's title is "user database host state"; an auxiliary process's is its role.
    const backend = /\[local\]|\d+\.\d+\.\d+\.\d+\(\d+\)|^postgres (club|postgres|template1) /.test(what);
    return backend ? { name: `backend: ${what}`, kind: "backend" } : { name: what, kind: what };
  }
  if (entry.comm === "perl") return { name: "perl (exiftool)", kind: "perl (exiftool)" };
  if (entry.comm.startsWith("node") || /(^|\/)node$/.test(args[0] ?? "")) return { name: "node", kind: "node" };
  return { name: entry.comm, kind: entry.comm };
}

/** The tree below each root, each process with its PSS (processes that ended meanwhile left out). */
export function sampleTrees(roots: number[]): TreeSample {
  const table = processTable();
  const processes: ProcessMemory[] = [];
  for (const root of roots) {
    for (const entry of treeOf(root, table)) {
      const rollup = rollupOf(entry.pid);
      if (rollup) processes.push({ pid: entry.pid, ppid: entry.ppid, ...describe(entry), ...rollup });
    }
  }
  return { at: performance.now(), kb: processes.reduce((sum, p) => sum + p.kb, 0), processes };
}

export type Sampler = { stop(): { peak: TreeSample; samples: number } };

/** Samples the trees below `roots()` every `everyMs` until stopped; keeps the sample with the highest sum. */
export function startSampling(roots: () => number[], everyMs = 50): Sampler {
  let peak: TreeSample = { at: performance.now(), kb: 0, processes: [] };
  let samples = 0;
  const take = () => {
    const sample = sampleTrees(roots());
    samples++;
    if (sample.kb > peak.kb) peak = sample;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peak, samples };
    },
  };
}

export const mbOf = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

/** The sample by kind of process: "node 120.3 MB, postmaster 9.1 MB, 6 backends 30.2 MB, ...". */
export function summary(sample: TreeSample): string {
  const kinds = new Map<string, ProcessMemory[]>();
  for (const p of sample.processes) kinds.set(p.kind, [...(kinds.get(p.kind) ?? []), p]);
  return [...kinds]
    .sort((a, b) => sum(b[1]) - sum(a[1]))
    .map(([kind, list]) =>
      list.length > 1 ? `${list.length} x ${kind} ${mbOf(sum(list))}` : `${kind} ${mbOf(sum(list))}`,
    )
    .join(", ");
}

const sum = (list: ProcessMemory[]) => list.reduce((total, p) => total + p.kb, 0);

/** One line per process of the sample (for the breakdown), largest first. */
export function perProcess(sample: TreeSample): { name: string; value: string }[] {
  return [...sample.processes]
    .sort((a, b) => b.kb - a.kb)
    .map((p) => ({
      name: `  pid ${p.pid} ${p.name}`.slice(0, 70),
      value:
        `${mbOf(p.kb).padStart(8)}  (shared memory ${mbOf(p.shmemKb)}, files ${mbOf(p.fileKb)}; ` +
        `RSS ${mbOf(p.rssKb)}, anonymous ${mbOf(p.anonKb)})`,
    }));
}

/**
 * What PSS leaves out because other processes on this machine (not the site's) map the
 * same files: the Node binary's and the libraries' pages, split with every other node
 * process here. On a server running only the site they would all be counted.
 */
export function sharedOutsideKb(sample: TreeSample): number {
  return sample.processes
    .filter((p) => p.kind === "node" || p.kind.startsWith("perl"))
    .reduce((total, p) => total + Math.max(0, p.rssKb - p.anonKb - p.fileKb), 0);
}
