import os from "node:os";
import { describe, expect, it } from "vitest";
import { inProcessingTurn, PROCESSING_BUSY_MESSAGE, ProcessingBusyError } from "./processing-slots.server";

describe("processing turns", () => {
  it("answers a member 503 with Retry-After at once when the line is full, and takes them once it moves", async () => {
    const slots = Math.max(1, Math.floor(os.availableParallelism() / 2));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let ran = 0;
    // Every slot busy, and twenty members waiting behind them.
    const busy = Array.from({ length: slots + 20 }, (_, i) =>
      inProcessingTurn(i + 1, async () => {
        ran++;
        await held;
      }),
    );
    const refused = await inProcessingTurn(999, async () => "made").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProcessingBusyError);
    expect((refused as ProcessingBusyError).status).toBe(503);
    expect((refused as ProcessingBusyError).message).toBe(PROCESSING_BUSY_MESSAGE);
    expect(Number((refused as ProcessingBusyError).headers["Retry-After"])).toBeGreaterThanOrEqual(2);
    expect(ran).toBe(slots);

    release();
    await Promise.all(busy);
    expect(ran).toBe(slots + 20);
    await expect(inProcessingTurn(999, async () => "made")).resolves.toBe("made");
  });
});
