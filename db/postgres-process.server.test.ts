import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { reachable, runAs, runnableBinaries, runningPostmaster } from "./postgres-process.server";

const nobody = { name: "nobody", uid: 65534, gid: 65534 };

describe("reachable", () => {
  it("needs every folder above the target searchable by the server's user", () => {
    const top = fs.mkdtempSync(path.join(os.tmpdir(), "club-reach-")); // 0700, not the user's
    const target = path.join(top, "data", "postgres");
    fs.mkdirSync(path.dirname(target), { mode: 0o755 });
    expect(reachable(target, nobody)).toBe(false);
    fs.chmodSync(top, 0o711); // search only, as the site gives DATA_DIR
    expect(reachable(target, nobody)).toBe(true);
    fs.chmodSync(path.dirname(target), 0o700);
    expect(reachable(target, nobody)).toBe(false);
    fs.rmSync(top, { recursive: true, force: true });
  });
});

describe("runningPostmaster", () => {
  it("takes a postmaster.pid whose process died, or is not PostgreSQL, for no server", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-cluster-"));
    const user = runAs();
    if (user) fs.chownSync(dir, user.uid, user.gid);
    const cluster = { dir, log: path.join(dir, "log"), pgCtl: (await runnableBinaries(user)).pgCtl, user };
    expect(await runningPostmaster(cluster)).toBeNull();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    const pidFile = (pid: string | number) =>
      fs.writeFileSync(path.join(dir, "postmaster.pid"), `${pid}\n${dir}\n0\n5432\n\n\n0 0\nready   \n`);
    pidFile(dead);
    expect(await runningPostmaster(cluster)).toBeNull();
    pidFile(process.pid); // alive, but node, not postgres (a pid reused after a crash)
    expect(await runningPostmaster(cluster)).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
