// Sends the latest of a stream of values at most once per animation frame (and
// never closer together than `minIntervalMs`, so a 120 Hz or 144 Hz screen stays
// within the server's per-second limit): a pointer that moves ten times between
// two frames costs one message, carrying where it is now.

export type FrameScheduler = {
  request(callback: () => void): unknown;
  cancel(handle: unknown): void;
  now(): number;
};

/** The browser's frames; a timer where there are none (server rendering, tests without a DOM). */
export const browserFrames: FrameScheduler = {
  request: (callback) =>
    typeof requestAnimationFrame === "function" ? requestAnimationFrame(callback) : setTimeout(callback, 16),
  cancel: (handle) =>
    typeof cancelAnimationFrame === "function"
      ? cancelAnimationFrame(handle as number)
      : clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => (typeof performance === "object" ? performance.now() : Date.now()),
};

export type FrameCoalescer<T> = {
  /** Keeps `value` as the one to send at the next frame (replacing any not sent yet). */
  push(value: T): void;
  /** Forgets the value not sent yet (a later message supersedes it). */
  drop(): void;
  /** Stops for good. */
  close(): void;
};

export function frameCoalescer<T>(
  send: (value: T) => void,
  { frames = browserFrames, minIntervalMs = 20 }: { frames?: FrameScheduler; minIntervalMs?: number } = {},
): FrameCoalescer<T> {
  let pending: { value: T } | null = null;
  let handle: unknown = null;
  let lastSentAt = -Infinity;
  let closed = false;

  const onFrame = () => {
    handle = null;
    if (!pending || closed) return;
    // Too soon after the last one: wait for another frame, still keeping only the latest.
    if (frames.now() - lastSentAt < minIntervalMs) {
      handle = frames.request(onFrame);
      return;
    }
    const { value } = pending;
    pending = null;
    lastSentAt = frames.now();
    send(value);
  };

  return {
    push(value) {
      if (closed) return;
      pending = { value };
      handle ??= frames.request(onFrame);
    },
    drop() {
      pending = null;
    },
    close() {
      closed = true;
      pending = null;
      if (handle !== null) frames.cancel(handle);
      handle = null;
    },
  };
}
