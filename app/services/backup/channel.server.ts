// The embedded database belongs to the one process that opened it (PGlite; a
// second opener is refused by db/pglite-lock.server.ts). So that a club on the
// embedded defaults can be backed up while it runs, the running site listens
// on a Unix socket in its data folder (owner-only permissions, never on the
// network) and writes the archive itself when `npm run backup` asks.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { databaseHandle } from "@db/client.server";
import { storage } from "~/storage/storage.server";
import { writeBackup, type BackupSummary } from "./backup.server";

export const backupSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), "backup.sock");

const Request = z.object({ out: z.string().min(1).max(4096) });
type Answer = { ok: true; summary: BackupSummary } | { ok: false; message: string };

/** Starts listening; returns the function that stops. */
export async function openBackupChannel(dataDir: string): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // Left by a process that was killed: this process holds the database's lock, so nobody else listens here.
  fs.rmSync(socketPath, { force: true });
  let running: Promise<unknown> = Promise.resolve();
  const server = net.createServer((connection) => {
    let text = "";
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > 8192) connection.destroy();
      if (!text.includes("\n")) return;
      const request = Request.safeParse(safeJson(text.slice(0, text.indexOf("\n"))));
      const reply = (answer: Answer) => connection.end(`${JSON.stringify(answer)}\n`);
      if (!request.success) return reply({ ok: false, message: 'Expected {"out": "/path/to/file"}.' });
      // One backup at a time.
      running = running.then(() =>
        writeBackup(databaseHandle(), storage(), path.resolve(request.data.out)).then(
          (summary) => reply({ ok: true, summary }),
          (error: unknown) => reply({ ok: false, message: (error as Error).message }),
        ),
      );
    });
    connection.on("error", () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Asks the running site to write the archive; resolves with what it wrote. */
export function askRunningSite(dataDir: string, out: string): Promise<BackupSummary> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(backupSocketPath(dataDir));
    let text = "";
    connection.setEncoding("utf8");
    connection.on("connect", () => connection.write(`${JSON.stringify({ out: path.resolve(out) })}\n`));
    connection.on("data", (chunk: string) => (text += chunk));
    connection.on("error", (error) =>
      reject(new Error(`The running site did not answer on ${backupSocketPath(dataDir)} (${error.message}).`)),
    );
    connection.on("end", () => {
      const answer = safeJson(text.trim()) as Answer | null;
      if (answer?.ok) resolve(answer.summary);
      else reject(new Error(answer ? answer.message : "The running site gave no answer."));
    });
  });
}
