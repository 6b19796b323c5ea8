// How many messages a key (a member, an address) may send in a window, counted
// at once and in order. Socket messages come at pointer rate, so the count is a
// map lookup: no promise, no timer, nothing kept for a key whose window is over
// (swept as new keys come). A fixed window, started by the key's first message.

export class MessageBudget<K = number | string> {
  private readonly windows = new Map<K, { startedAt: number; used: number }>();
  private sweepAt = 1024;

  constructor(
    /** Messages a key may send in a window. */
    readonly points: number,
    readonly windowMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Counts a message of `key`; false when its window's budget is spent (the message is to be dropped). */
  take(key: K): boolean {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (!window) this.sweep(now);
      window = { startedAt: now, used: 0 };
      this.windows.set(key, window);
    }
    if (window.used >= this.points) return false;
    window.used++;
    return true;
  }

  /** How many keys are kept (the tests check that ended windows go). */
  get size(): number {
    return this.windows.size;
  }

  /** Forgets the keys whose window is over, once the map has grown past the last sweep's size twice over. */
  private sweep(now: number) {
    if (this.windows.size < this.sweepAt) return;
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    this.sweepAt = Math.max(1024, this.windows.size * 2);
  }
}
