// Runs tasks a few at a time, sharing the slots between owners: each owner has
// its own line, and a free slot goes to the waiting owner with the fewest tasks
// running (the longest waiting among equals), not to the next task overall. One
// owner's fifty files therefore never make another owner's one file wait behind
// all of them: it waits for one slot to free up at most. With a single owner
// every slot is theirs. A task whose `signal` aborts while it still waits
// leaves its line (its promise rejects with the signal's reason); once
// started, it runs to its end.

type Waiting = () => void;

export class FairQueue {
  private running = 0;
  /** Owners with waiting tasks, in turn order (a Map keeps insertion order). */
  private readonly lines = new Map<string, Waiting[]>();
  /** Tasks running per owner. */
  private readonly runningFor = new Map<string, number>();

  constructor(private readonly concurrency: number) {
    if (!(concurrency >= 1)) throw new RangeError("A FairQueue needs at least one slot.");
  }

  /** Runs `task` when a slot is free and it is `owner`'s turn (unless `signal` aborts first). */
  run<T>(owner: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const giveUp = () => {
        const line = this.lines.get(owner);
        const at = line?.indexOf(start) ?? -1;
        if (!line || at < 0) return;
        line.splice(at, 1);
        if (line.length === 0) this.lines.delete(owner);
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", giveUp, { once: true });
      const start = () => {
        signal?.removeEventListener("abort", giveUp);
        this.running++;
        this.runningFor.set(owner, (this.runningFor.get(owner) ?? 0) + 1);
        let result: Promise<T>;
        try {
          result = task();
        } catch (error) {
          result = Promise.reject(error);
        }
        void result.then(resolve, reject).finally(() => {
          this.running--;
          const left = this.runningFor.get(owner)! - 1;
          if (left > 0) this.runningFor.set(owner, left);
          else this.runningFor.delete(owner);
          this.startNext();
        });
      };
      const line = this.lines.get(owner);
      if (line) line.push(start);
      else this.lines.set(owner, [start]);
      this.startNext();
    });
  }

  /** Tasks waiting for a slot (for tests and logs). */
  get waiting(): number {
    let count = 0;
    for (const line of this.lines.values()) count += line.length;
    return count;
  }

  private startNext() {
    while (this.running < this.concurrency && this.lines.size > 0) {
      let owner = "";
      let fewest = Infinity;
      for (const candidate of this.lines.keys()) {
        const running = this.runningFor.get(candidate) ?? 0;
        if (running < fewest) [owner, fewest] = [candidate, running];
      }
      const line = this.lines.get(owner)!;
      const start = line.shift()!;
      // The owner goes to the back of the turn order.
      this.lines.delete(owner);
      if (line.length > 0) this.lines.set(owner, line);
      start();
    }
  }
}
