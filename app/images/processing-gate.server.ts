// The one gate every image decode passes through: photos, profile pictures and
// HEICs alike, and the metadata read beside them. Decoding is the heaviest work
// the server does (a camera JPEG takes a good part of a second of CPU, an iPhone
// HEIC several seconds, a large AVIF gigabytes), and sharp shares Node's file
// threads with every image being served. Fifty members uploading at once, each
// photo decoded the moment it arrived, left every page waiting behind them, and
// profile pictures, decoded beside the queue, could take the memory too.
//
// So an image is processed in a turn: IMAGE_PROCESSING_CONCURRENCY at once,
// members taking turns (FairQueue: one member's fifty files never make another's
// one file wait behind all of them), and a member who would wait longer than
// PROCESSING_WAIT_MS is answered 503 with Retry-After before anything of theirs
// is touched. Inside its turn, once the header is read, a decode reserves the
// memory it is estimated to need (decode-budget.server.ts) from
// IMAGE_PROCESSING_MEMORY_MB, shared by the turns running, and waits until it
// fits: so the memory of the decodes at once stays within the budget whatever
// the number of cores. Below the gate there are only plain caps (exiftool's
// process pool); a turn asked for inside a turn joins it.
import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "~/env.server";
import { clientAddress } from "~/base/request-context.server";
import { UnavailableError } from "~/services/errors.server";
import { FairQueue } from "./fair-queue";

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

/** Memory shared by the turns running: a reservation waits (first come, first served) until it fits. */
class MemoryBudget {
  private used = 0;
  private readonly waiting: { bytes: number; go: () => void }[] = [];

  constructor(readonly capacity: number) {}

  /** Alone, a reservation always fits: the caller has refused what is over the whole budget. */
  private fits(bytes: number) {
    return this.used === 0 || this.used + bytes <= this.capacity;
  }

  async take(bytes: number): Promise<void> {
    if (this.waiting.length === 0 && this.fits(bytes)) {
      this.used += bytes;
      return;
    }
    await new Promise<void>((go) => this.waiting.push({ bytes, go }));
  }

  give(bytes: number) {
    this.used -= bytes;
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.bytes)) {
      const next = this.waiting.shift()!;
      this.used += next.bytes;
      next.go();
    }
  }

  get reserved() {
    return this.used;
  }
}

type Gate = { queue: FairQueue; concurrency: number; averageMs: number; memory: MemoryBudget };
type Turn = { owner: string; reserved: number };

const globalForGate = globalThis as typeof globalThis & { __clubImageGate?: Gate };
const turns = new AsyncLocalStorage<Turn>();

function gate(): Gate {
  if (!globalForGate.__clubImageGate) {
    const config = env();
    const concurrency = config.IMAGE_PROCESSING_CONCURRENCY;
    globalForGate.__clubImageGate = {
      queue: new FairQueue(concurrency),
      concurrency,
      averageMs: 1000,
      memory: new MemoryBudget(config.IMAGE_PROCESSING_MEMORY_MB * 1024 * 1024),
    };
  }
  return globalForGate.__clubImageGate;
}

/** The bytes the decodes at once may reserve together (IMAGE_PROCESSING_MEMORY_MB). */
export const decodeMemoryBudget = () => env().IMAGE_PROCESSING_MEMORY_MB * 1024 * 1024;

/** When a turn is likely to be free: the work waiting ahead, shared by the slots (2 s to a minute). */
function retryAfterSeconds(state: Gate): number {
  const ahead = (state.queue.waiting + state.concurrency) * state.averageMs;
  return Math.min(60, Math.max(2, ahead / state.concurrency / 1000));
}

/**
 * Runs `work` (claiming an upload and making its image) in a processing turn of
 * `owner`'s (a member's id, or a client address); ProcessingBusyError when no
 * turn comes within PROCESSING_WAIT_MS. Inside a turn it runs at once, in it.
 */
export async function inImageTurn<T>(owner: number | string, work: () => Promise<T>): Promise<T> {
  if (turns.getStore()) return work();
  const state = gate();
  if (state.queue.waiting >= MAX_WAITING) throw new ProcessingBusyError(retryAfterSeconds(state));
  const timeout = AbortSignal.timeout(PROCESSING_WAIT_MS);
  const turn: Turn = { owner: typeof owner === "number" ? `member ${owner}` : `address ${owner}`, reserved: 0 };
  try {
    return await state.queue.run(
      turn.owner,
      async () => {
        const started = performance.now();
        try {
          return await turns.run(turn, work);
        } finally {
          if (turn.reserved > 0) state.memory.give(turn.reserved);
          turn.reserved = 0;
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

/** For the decoders themselves: the caller's turn, or one of the request's client address. */
export function withinImageTurn<T>(work: () => Promise<T>): Promise<T> {
  return turns.getStore() ? work() : inImageTurn(clientAddress(), work);
}

/**
 * Reserves `bytes` of the memory budget for a decode about to start, waiting
 * until the turns running leave room; the function returned gives them back
 * (and the end of the turn does, if it was not called). Only inside a turn.
 */
export async function reserveDecodeMemory(bytes: number): Promise<() => void> {
  const turn = turns.getStore();
  if (!turn) throw new Error("Decode memory is reserved inside an image-processing turn (inImageTurn).");
  const memory = gate().memory;
  await memory.take(bytes);
  turn.reserved += bytes;
  let given = false;
  return () => {
    if (given || turn.reserved < bytes) return;
    given = true;
    turn.reserved -= bytes;
    memory.give(bytes);
  };
}

/** What the gate holds now (for tests and logs). */
export function imageGateState() {
  const state = gate();
  return { waiting: state.queue.waiting, reservedBytes: state.memory.reserved, concurrency: state.concurrency };
}
