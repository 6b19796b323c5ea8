import os from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Unit tests sit beside their code; integration suites live in tests/.
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    // The usual progress and summary, then the slowest files (the suite must stay fast: README, Tests).
    reporters: ["default", "./tests/support/slowest-files-reporter.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    // Sized for a loaded two-core machine (the browser suite or a benchmark
    // running beside): a test may take seconds there; set-up hooks that load
    // the site through Vite, make a database or start a server more.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Every file has its own database, a copy of the run's migrated template (vitest-setup.ts).
    fileParallelism: true,
    pool: "forks",
    // Files wait on their databases, servers and child processes as much as they compute: one
    // worker per core at least (vitest's default, cores - 1, ran one file at a time on two cores).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism()),
  },
});
