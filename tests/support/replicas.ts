// Starts app processes that share one PostgreSQL database, each with its live
// layer on its own port (tests/support/realtime-replica.ts), for the test and
// the benchmark of several servers. Each is a real process: what one passes to
// another goes through the socket.io adapter and the database, nothing else.
import { spawn, type ChildProcess } from "node:child_process";
import { nodeArgsFor } from "./process-scripts";

export type Replica = {
  url: string;
  adapter: string;
  process: ChildProcess;
  /** What it printed so far (its log). */
  output(): string;
  stop(): Promise<void>;
};

/** Starts one replica on `databaseUrl`; resolves once it listens (or rejects with its output if it exits). */
export function startReplica(databaseUrl: string, env: Record<string, string> = {}): Promise<Replica> {
  const child = spawn(process.execPath, nodeArgsFor("realtime-replica"), {
    env: { ...process.env, NODE_ENV: "test", DATABASE_URL: databaseUrl, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let settled = false;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /listening on (\d+) with the (\w+) adapter/.exec(output);
      if (!ready || settled) return;
      settled = true;
      resolve({
        url: `http://127.0.0.1:${ready[1]}`,
        adapter: ready[2]!,
        process: child,
        output: () => output,
        async stop() {
          if (child.exitCode === null) child.kill("SIGTERM");
          await exited;
        },
      });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`the replica exited (${code}) before listening:\n${output}`)));
  });
}
