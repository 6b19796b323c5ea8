import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseInUseError, lockDataDir } from "./data-dir-lock.server";

const tempDir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "club-lock-")), "postgres");

describe("lockDataDir", () => {
  it("refuses while a live process holds the lock, and allows it once released", () => {
    const dir = tempDir();
    // Our parent process is alive and is not us: as if a server held the database.
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DatabaseInUseError);
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.ppid}`);

    fs.rmSync(`${dir}.lock`);
    const release = lockDataDir(dir);
    expect(fs.readlinkSync(`${dir}.lock`)).toBe(String(process.pid)); // a link naming the holder
    release();
    expect(() => fs.lstatSync(`${dir}.lock`)).toThrow(/ENOENT/);
  });

  it("takes over a lock left by a process that died, an earlier release's file or a link", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    fs.writeFileSync(`${dir}.lock`, dead);
    lockDataDir(dir)();
    fs.symlinkSync(dead, `${dir}.lock`);
    const release = lockDataDir(dir);
    expect(fs.readlinkSync(`${dir}.lock`)).toBe(String(process.pid));
    release();
  });
});

describe("a lock left by a process that died", () => {
  it("is taken over by exactly one of the starters that find it at the same moment", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-lock-race-"));
    const lock = path.join(dir, "postgres");
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    const ROUNDS = 25;
    const STARTERS = 4;
    // Each starter waits for a round's signal, tries the lock, says whether it won, and keeps what it won.
    const starter = path.join(dir, "starter.mts");
    fs.writeFileSync(
      starter,
      `import fs from "node:fs";
      import { lockDataDir } from ${JSON.stringify(path.resolve("db/data-dir-lock.server.ts"))};
      const pause = new Int32Array(new SharedArrayBuffer(4));
      for (let round = 0; round < ${ROUNDS}; round++) {
        while (!fs.existsSync(${JSON.stringify(dir)} + "/go-" + round)) Atomics.wait(pause, 0, 0, 1);
        try {
          lockDataDir(${JSON.stringify(lock)});
          fs.appendFileSync(${JSON.stringify(dir)} + "/won-" + round, process.pid + "\\n");
        } catch {}
        fs.writeFileSync(${JSON.stringify(dir)} + "/tried-" + round + "-" + process.pid, "");
      }`,
    );
    const starters = Array.from({ length: STARTERS }, () =>
      spawn(process.execPath, ["--import", "tsx", starter], { stdio: "inherit" }),
    );
    const exited = Promise.all(starters.map((child) => new Promise((resolve) => child.once("exit", resolve))));
    try {
      for (let round = 0; round < ROUNDS; round++) {
        // The holder died: stale (written by an earlier release, or a link as now).
        fs.rmSync(`${lock}.lock`, { force: true });
        if (round % 2) fs.writeFileSync(`${lock}.lock`, dead);
        else fs.symlinkSync(dead, `${lock}.lock`);
        fs.writeFileSync(path.join(dir, `go-${round}`), "");
        const tried = () => fs.readdirSync(dir).filter((name) => name.startsWith(`tried-${round}-`)).length;
        await expect.poll(tried, { timeout: 30_000, interval: 5 }).toBe(STARTERS);
        const winners = fs
          .readFileSync(path.join(dir, `won-${round}`), "utf8")
          .trim()
          .split("\n");
        expect(winners, `round ${round}`).toHaveLength(1);
      }
    } finally {
      for (const child of starters) child.kill();
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
