// A PostgreSQL server that asks for a password (SCRAM), made from the embedded
// binaries on a loopback port. The run's own servers trust loopback, so a wrong
// password in DATABASE_URL is refused only by a server like this one.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { runAs, runnableBinaries, startPostmaster, stopPostmaster, type Cluster } from "@db/postgres-process.server";

export type PasswordPostgres = { port: number; stop(): Promise<void> };

async function freeLoopbackPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts a server whose only user, `user` (a superuser), logs in with `password`. */
export async function startPasswordPostgres(user: string, password: string): Promise<PasswordPostgres> {
  // PostgreSQL refuses root: as root, the server runs as the user the embedded server would.
  const runner = runAs();
  const { initdb, pgCtl } = await runnableBinaries(runner);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "club-password-pg-"));
  const dir = path.join(root, "cluster");
  const passwordFile = path.join(root, "password");
  fs.writeFileSync(passwordFile, `${password}\n`);
  fs.mkdirSync(dir, { mode: 0o700 });
  if (runner) for (const owned of [root, dir, passwordFile]) fs.chownSync(owned, runner.uid, runner.gid);
  const initialised = spawnSync(
    initdb,
    ["-D", dir, "-U", user, "--auth=scram-sha-256", `--pwfile=${passwordFile}`, "--locale=C", "--no-instructions"],
    { encoding: "utf8", env: { ...process.env, LC_ALL: "C" }, ...(runner ? { uid: runner.uid, gid: runner.gid } : {}) },
  );
  if (initialised.status !== 0) throw new Error(`initdb failed: ${initialised.stderr}`);
  const port = await freeLoopbackPort();
  const cluster: Cluster = { dir, log: path.join(root, "postgres.log"), pgCtl, user: runner };
  const settings = { listen_addresses: "127.0.0.1", fsync: "off", shared_buffers: "16MB", max_connections: "10" };
  await startPostmaster(cluster, [
    "-p",
    String(port),
    "-k",
    root,
    ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
  ]);
  return {
    port,
    stop: async () => {
      await stopPostmaster(cluster);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
