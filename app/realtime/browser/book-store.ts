// A book that React reads with useSyncExternalStore. The snapshot is made once
// per change and the same object is returned until the next one: a fresh
// object on every getSnapshot call would make React render without end.
export abstract class BookStore<Snapshot> {
  private readonly listeners = new Set<() => void>();
  private snapshot: Snapshot | undefined;

  /** What the components show, read from the book's current state. */
  protected abstract read(): Snapshot;

  /** The book's state as it was at the last change (stable between changes). */
  readonly getSnapshot = (): Snapshot => (this.snapshot ??= this.read());

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Says the book changed: the next snapshot is read afresh, and every subscriber is told. */
  readonly changed = (): void => {
    this.snapshot = undefined;
    for (const listener of this.listeners) listener();
  };
}
