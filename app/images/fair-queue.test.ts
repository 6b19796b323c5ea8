import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue";

/** A task that finishes when the test says so, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    task: async () => {
      log.push(name);
      await opened;
      return name;
    },
    open: () => open(),
  };
}

/** Queues `count` gated tasks for one owner, named a0, a1, … in `started` as they start. */
function queueGated(queue: FairQueue, started: string[], owner: string, count: number) {
  const gates = Array.from({ length: count }, (_, i) => gate(started, `a${i}`));
  return { gates, done: gates.map((g) => queue.run(owner, g.task)) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("FairQueue", () => {
  it("gives a free slot to the next owner in turn, not to the owner with the most tasks", async () => {
    const queue = new FairQueue(2);
    const started: string[] = [];
    const { gates: flood, done: floodDone } = queueGated(queue, started, "member-a", 6);
    await tick();
    expect(started).toEqual(["a0", "a1"]);

    const other = gate(started, "b0");
    const otherDone = queue.run("member-b", other.task);
    await tick();
    expect(queue.waiting).toBe(5);

    flood[0]!.open();
    await tick();
    // The first free slot goes to member B, whose one file waited behind A's two running ones only.
    expect(started).toEqual(["a0", "a1", "b0"]);
    other.open();
    expect(await otherDone).toBe("b0");
    await tick();
    expect(started).toEqual(["a0", "a1", "b0", "a2"]);

    flood.forEach((g) => g.open());
    expect(await Promise.all(floodDone)).toEqual(["a0", "a1", "a2", "a3", "a4", "a5"]);
    expect(started).toEqual(["a0", "a1", "b0", "a2", "a3", "a4", "a5"]);
  });

  it("lets a lone owner use every slot", async () => {
    const queue = new FairQueue(3);
    const started: string[] = [];
    const { gates, done } = queueGated(queue, started, "a", 4);
    await tick();
    expect(started).toEqual(["a0", "a1", "a2"]);
    gates.forEach((g) => g.open());
    await Promise.all(done);
    expect(started).toHaveLength(4);
  });

  it("passes a task's failure to its caller and keeps going", async () => {
    const queue = new FairQueue(1);
    const failed = queue.run("a", async () => {
      throw new Error("timeout: waited 10000ms");
    });
    const thrown = queue.run("a", () => {
      throw new Error("not even a promise");
    });
    const next = queue.run("b", async () => "after");
    await expect(failed).rejects.toThrow("timeout");
    await expect(thrown).rejects.toThrow("not even a promise");
    expect(await next).toBe("after");
    expect(queue.waiting).toBe(0);
  });

  it("lets a waiting task whose signal aborts leave its line, and runs the others", async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const first = gate(started, "a0");
    const firstDone = queue.run("member-a", first.task);
    const giving = new AbortController();
    const gaveUp = queue.run("member-b", gate(started, "b0").task, giving.signal);
    const last = gate(started, "c0");
    const lastDone = queue.run("member-c", last.task);
    await tick();
    expect(queue.waiting).toBe(2);

    giving.abort(new Error("waited too long"));
    await expect(gaveUp).rejects.toThrow("waited too long");
    expect(queue.waiting).toBe(1);
    first.open();
    last.open();
    await Promise.all([firstDone, lastDone]);
    expect(started).toEqual(["a0", "c0"]);
  });
});
