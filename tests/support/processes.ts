// The machine's processes as /proc shows them, for tests that kill a server and
// check what it started died with it (no app imports: browser specs use it too).
import fs from "node:fs/promises";

export type ProcessInfo = { pid: number; ppid: number; state: string; command: string };

/** Every process on the machine (state Z is a zombie: dead, not yet reaped). */
export async function processes(): Promise<ProcessInfo[]> {
  const found: ProcessInfo[] = [];
  for (const name of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await fs.readFile(`/proc/${name}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so split after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const command = (await fs.readFile(`/proc/${name}/cmdline`, "utf8")).replaceAll("\0", " ");
      found.push({ pid: Number(name), ppid: Number(ppid), state: state!, command });
    } catch {
      // it ended while we looked
    }
  }
  return found;
}

/** The living descendants of `pid`. */
export async function descendants(pid: number): Promise<ProcessInfo[]> {
  const all = (await processes()).filter((p) => p.state !== "Z");
  const family: ProcessInfo[] = [];
  let parents = new Set([pid]);
  while (parents.size > 0) {
    const children = all.filter((p) => parents.has(p.ppid));
    family.push(...children);
    parents = new Set(children.map((p) => p.pid));
  }
  return family;
}

/** Which of `pids` still run. */
export async function stillRunning(pids: number[]): Promise<number[]> {
  const alive = new Set((await processes()).filter((p) => p.state !== "Z").map((p) => p.pid));
  return pids.filter((pid) => alive.has(pid));
}
