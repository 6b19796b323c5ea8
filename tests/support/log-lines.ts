// The site's log as a test reads it: its JSON lines collected while `work` runs,
// instead of printed. Server code logs through app/base/logger.server.ts, never
// console, so this is where a test looks for what the server said.
import { logTo } from "~/base/logger.server";

export type LogLine = Record<string, unknown> & {
  level: number;
  msg: string;
  reqId?: string;
  err?: { message?: string; type?: string };
};

/** pino's numbers for the levels tests look for. */
export const LEVEL = { info: 30, warn: 40, error: 50 } as const;

/** Runs `work` with the log's lines (at `level` and above) collected, then sends them back to stdout at "warn". */
export async function withLogLines<T>(
  work: () => Promise<T>,
  level: keyof typeof LEVEL = "info",
): Promise<{ result: T; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  logTo({ write: (line) => void lines.push(JSON.parse(line) as LogLine) }, level);
  try {
    return { result: await work(), lines };
  } finally {
    logTo(undefined, "warn");
  }
}
