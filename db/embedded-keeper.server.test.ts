import { describe, expect, it } from "vitest";
import { keepRunning } from "./embedded-keeper.server";

describe("keepRunning", () => {
  it("starts a server that stopped again, retrying while it fails, saying so without flooding the log", async () => {
    let up = true;
    let attempts = 0;
    const lines: string[] = [];
    const keeper = keepRunning({
      running: () => up,
      restart: async () => {
        attempts += 1;
        if (attempts < 4) throw new Error("No space left on device");
        up = true;
      },
      log: { warn: (message) => lines.push(message), error: (_, message) => lines.push(message) },
      checkEveryMs: 10,
      firstPauseMs: 10,
      maxPauseMs: 40,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(attempts).toBe(0); // running: left alone
      up = false;
      await expect.poll(() => up, { timeout: 5000 }).toBe(true);
      expect(attempts).toBe(4);
      expect(lines).toEqual([
        "The club's database server stopped; starting it again.",
        "The club's database server did not start; trying again within 0.04 s.",
        "The club's database server is running again.",
      ]);
    } finally {
      await keeper.stop();
    }
  });

  it("stops retrying when stopped, after the start in progress", async () => {
    let attempts = 0;
    const keeper = keepRunning({
      running: () => false,
      restart: async () => {
        attempts += 1;
        throw new Error("still failing");
      },
      checkEveryMs: 10,
      firstPauseMs: 10_000,
    });
    await expect.poll(() => attempts, { timeout: 5000 }).toBe(1);
    await keeper.stop(); // ends the long pause at once
    expect(attempts).toBe(1);
  });
});
