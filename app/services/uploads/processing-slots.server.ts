// Making a photo's sizes is the heaviest work the server does (a camera JPEG
// takes a good part of a second of CPU, an iPhone HEIC several seconds), and
// sharp's work shares Node's four file threads with every image being served.
// Fifty members uploading at once, each photo decoded the moment it arrives,
// left every page and thumbnail waiting behind them (npm run load: timeouts).
// So photos are made a few at a time (half the cores, at least one), members
// taking turns (FairQueue), and a member who would wait longer than
// PROCESSING_WAIT_MS for a turn is answered 503 with Retry-After before
// anything of theirs is touched: the upload stays as it is, and the browser's
// upload queue keeps the file and offers Try again.
import os from "node:os";
import { FairQueue } from "~/images/fair-queue";
import { UnavailableError } from "~/services/errors.server";

export const PROCESSING_BUSY_MESSAGE =
  "The club's server is busy making other members' photos; try again in a few seconds.";
/** The longest a request waits for a turn before it is answered 503 (browsers and proxies wait less than 30 s). */
export const PROCESSING_WAIT_MS = 20_000;
/** More members waiting than this are answered at once rather than after the wait. */
const MAX_WAITING = 20;

/** 503 with Retry-After: the server is busy, the request may be sent again as it is. */
export class ProcessingBusyError extends UnavailableError {
  override readonly headers: Record<string, string>;
  constructor(retryAfterSeconds: number) {
    super(PROCESSING_BUSY_MESSAGE);
    this.headers = { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  }
}

type Slots = { queue: FairQueue; concurrency: number; averageMs: number };
const globalForSlots = globalThis as typeof globalThis & { __clubProcessingSlots?: Slots };

function slots(): Slots {
  const concurrency = Math.max(1, Math.floor(os.availableParallelism() / 2));
  globalForSlots.__clubProcessingSlots ??= { queue: new FairQueue(concurrency), concurrency, averageMs: 1000 };
  return globalForSlots.__clubProcessingSlots;
}

/** When a turn is likely to be free: the work waiting ahead, shared by the slots (2 s to a minute). */
function retryAfterSeconds(state: Slots): number {
  const ahead = (state.queue.waiting + state.concurrency) * state.averageMs;
  return Math.min(60, Math.max(2, ahead / state.concurrency / 1000));
}

/**
 * Runs `work` (claiming an upload and making its photo) in a processing turn of
 * `memberId`'s; ProcessingBusyError when no turn comes within PROCESSING_WAIT_MS.
 */
export async function inProcessingTurn<T>(memberId: number, work: () => Promise<T>): Promise<T> {
  const state = slots();
  if (state.queue.waiting >= MAX_WAITING) throw new ProcessingBusyError(retryAfterSeconds(state));
  const timeout = AbortSignal.timeout(PROCESSING_WAIT_MS);
  try {
    return await state.queue.run(
      String(memberId),
      async () => {
        const started = performance.now();
        try {
          return await work();
        } finally {
          // A moving average of a turn's length, for Retry-After.
          state.averageMs = 0.8 * state.averageMs + 0.2 * (performance.now() - started);
        }
      },
      timeout,
    );
  } catch (error) {
    if (timeout.aborted && error === timeout.reason) throw new ProcessingBusyError(retryAfterSeconds(state));
    throw error;
  }
}
