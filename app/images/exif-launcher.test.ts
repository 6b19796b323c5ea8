// The launcher exiftool's processes start through (EXIFTOOL_LAUNCHER): whether
// the kernel ends them (setpriv --pdeathsig) or the watchdog does (no setpriv),
// a process started by it dies when its parent is killed with -9.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { stillRunning } from "../../tests/support/processes";
import { EXIFTOOL_LAUNCHER, parentDeathGuard } from "./exif.server";

/** A parent process that starts `perl -e 'sleep 600'` through the launcher and prints its pid. */
const PARENT = `
const { spawn } = require("node:child_process");
const child = spawn("/bin/sh", ["-c", process.argv[1], "524288", process.argv[2], "-e", "sleep 600"], { stdio: "ignore" });
console.log(child.pid);
setInterval(() => {}, 60000);
`;

async function startParent(guard: string) {
  const parent = spawn(process.execPath, ["-e", PARENT, EXIFTOOL_LAUNCHER, guard], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout.once("data", (chunk) => resolve(Number(String(chunk)))),
  );
  // The launcher has become perl once its command line says so.
  await expect
    .poll(() => fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => ""), { timeout: 20_000 })
    .toContain("sleep 600");
  return { parent, pid };
}

const guard = parentDeathGuard();
const guards = [
  ...(guard ? [{ name: "setpriv --pdeathsig", guard }] : []),
  { name: "the watchdog (no setpriv)", guard: "" },
];

describe.runIf(process.platform === "linux")("the exiftool launcher", () => {
  it.each(guards)("ends the process when its parent is killed with -9, through $name", async ({ guard }) => {
    const { parent, pid } = await startParent(guard);
    const exited = new Promise((resolve) => parent.once("exit", resolve));
    parent.kill("SIGKILL");
    await exited;
    await expect.poll(() => stillRunning([pid]), { timeout: 30_000, interval: 200 }).toEqual([]);
  });

  it("keeps the process while its parent lives", async () => {
    const { parent, pid } = await startParent("");
    try {
      // Past two turns of the watchdog's check.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(await stillRunning([pid])).toEqual([pid]);
    } finally {
      parent.kill("SIGKILL");
      await expect.poll(() => stillRunning([pid]), { timeout: 30_000 }).toEqual([]);
    }
  });
});
