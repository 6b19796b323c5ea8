// Prints the ten test files that took longest (collection, set-up and tests), after
// the run's summary, so whoever makes the suite slower sees it in every run and CI log.
import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 10;

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const timed = modules
      .map((module) => {
        const d = module.diagnostic();
        return { file: module.relativeModuleId, ms: d.collectDuration + d.setupDuration + d.duration };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (timed.length === 0) return;
    const lines = timed.map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
    console.log(`\nSlowest test files (of ${modules.length}):\n${lines.join("\n")}\n`);
  }
}
