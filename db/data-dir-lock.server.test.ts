import { spawnSync } from "node:child_process";
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
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it("takes over a lock left by a process that died", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    fs.writeFileSync(`${dir}.lock`, dead);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
  });
});
