// The operator's commands (scripts/*.ts), run as an operator runs them: a child
// process with its own environment, its exit code and what it printed.
import { spawn } from "node:child_process";

export type CommandResult = { code: number | null; stdout: string; stderr: string };

export function runCommand(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: process.cwd(),
      env: { ...process.env, BASE_URL: undefined, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
