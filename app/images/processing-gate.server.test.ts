import { describe, expect, it } from "vitest";
import { env } from "~/env.server";
import {
  imageGateState,
  inImageTurn,
  PROCESSING_BUSY_MESSAGE,
  ProcessingBusyError,
  reserveDecodeMemory,
} from "./processing-gate.server";

/** A promise the test settles, and its trigger. */
function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the image-processing gate", () => {
  it("answers a member 503 with Retry-After at once when the line is full, and takes them once it moves", async () => {
    const slots = env().IMAGE_PROCESSING_CONCURRENCY;
    const busy = held();
    let ran = 0;
    // Every slot busy, and twenty members waiting behind them.
    const turns = Array.from({ length: slots + 20 }, (_, i) =>
      inImageTurn(i + 1, async () => {
        ran++;
        await busy.promise;
      }),
    );
    const refused = await inImageTurn(999, async () => "made").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProcessingBusyError);
    expect((refused as ProcessingBusyError).status).toBe(503);
    expect((refused as ProcessingBusyError).message).toBe(PROCESSING_BUSY_MESSAGE);
    expect(Number((refused as ProcessingBusyError).headers["Retry-After"])).toBeGreaterThanOrEqual(2);
    expect(ran).toBe(slots);

    busy.release();
    await Promise.all(turns);
    expect(ran).toBe(slots + 20);
    await expect(inImageTurn(999, async () => "made")).resolves.toBe("made");
  });

  it("runs a turn asked for inside a turn in that turn, so nested decoders never wait on themselves", async () => {
    const outer = held();
    const slots = env().IMAGE_PROCESSING_CONCURRENCY;
    const others = Array.from({ length: slots - 1 }, () => inImageTurn(500, () => outer.promise));
    const nested = await inImageTurn(501, () => inImageTurn(502, () => inImageTurn(503, async () => "inside")));
    expect(nested).toBe("inside");
    outer.release();
    await Promise.all(others);
  });

  it("lets decodes run together only while their memory fits the budget, and gives it back when a turn ends", async () => {
    const budget = env().IMAGE_PROCESSING_MEMORY_MB * 1024 * 1024;
    await expect(reserveDecodeMemory(1)).rejects.toThrow(/inside an image-processing turn/);
    const started: string[] = [];
    const first = held();
    const big = (name: string, done: Promise<void>) =>
      inImageTurn(name, async () => {
        await reserveDecodeMemory(Math.ceil(budget * 0.6));
        started.push(name);
        await done;
      });
    const a = big("a", first.promise);
    const b = big("b", Promise.resolve());
    await tick();
    await tick();
    // Whatever the number of slots, B's 60 % waits for A's 60 % to be given back.
    expect(started).toEqual(["a"]);
    expect(imageGateState().reservedBytes).toBe(Math.ceil(budget * 0.6));
    first.release();
    await Promise.all([a, b]);
    expect(started).toEqual(["a", "b"]);
    expect(imageGateState().reservedBytes).toBe(0);
    // More than the whole budget still runs alone (the decoders refuse such images first).
    await inImageTurn("c", async () => {
      const release = await reserveDecodeMemory(budget * 2);
      release();
    });
    expect(imageGateState().reservedBytes).toBe(0);
  });
});
