// The test helpers that run as processes of their own (a club server for the crash
// tests, a live-layer replica, a throttle counter): started through tsx they compile
// the app on every start, about 2.7 s of CPU each, and the suite starts about forty.
// The run's global set-up bundles them once with esbuild (1.2 s of CPU a start
// after that); a process started outside a vitest run (a benchmark, a test file run
// alone while TEST_PROCESS_BUNDLES is unset) goes through tsx as before.
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const SCRIPTS = {
  "club-worker": "tests/support/club-worker.ts",
  "realtime-replica": "tests/support/realtime-replica.ts",
  "throttle-process": "tests/support/throttle-process.ts",
} as const;

export type ProcessScript = keyof typeof SCRIPTS;

/** Node's arguments that run the script: its bundle when the run made one, else the source through tsx. */
export function nodeArgsFor(script: ProcessScript): string[] {
  const bundles = process.env.TEST_PROCESS_BUNDLES;
  if (bundles) return [path.join(bundles, `${script}.mjs`)];
  return ["--import", "tsx", path.join(repoRoot, SCRIPTS[script])];
}

/**
 * Bundles every script into a folder of this run's own (inside node_modules, so the
 * bundles find the packages they leave external, as the sources do) and names it in
 * TEST_PROCESS_BUNDLES for the test files' processes; returns the clean-up.
 */
export async function bundleProcessScripts(): Promise<() => Promise<void>> {
  const dir = path.join(repoRoot, "node_modules", ".cache", `club-test-processes-${process.pid}`);
  await esbuild.build({
    entryPoints: SCRIPTS,
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "inline",
    logLevel: "warning",
  });
  process.env.TEST_PROCESS_BUNDLES = dir;
  return () => fs.rm(dir, { recursive: true, force: true });
}
