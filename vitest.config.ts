import os from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Plain modules' unit tests: what the browser and the server share (lib/), the components' plain
// modules and hooks' bookkeeping (components/), the live layer's classes (realtime/, but for its
// .server files) and the benchmarks' helpers. They need no database and keep no state between
// files, so they run in one thread's module graph, without a database each: about 8 s of CPU for
// the 45 files instead of 38 s in forked processes with a database apiece (docs/testing.md).
const UNIT = [
  "app/lib/**/*.test.{ts,tsx}",
  "app/components/**/*.test.{ts,tsx}",
  "app/realtime/**/*.test.ts",
  "bench/**/*.test.ts",
];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // The usual progress and summary, then the slowest files (the suite must stay fast: docs/testing.md).
    reporters: ["default", "./tests/support/slowest-files-reporter.ts"],
    // Sized for a loaded two-core machine (the browser suite or a benchmark
    // running beside): a test may take seconds there; set-up hooks that load
    // the site through Vite, make a database or start a server more.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files wait on their databases, servers and child processes as much as they compute: one
    // worker per core at least (vitest's default, cores - 1, ran one file at a time on two cores).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: UNIT,
          pool: "threads",
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // The other tests: those beside server code (which open the database or the site), and the
          // integration suites in tests/. Every test file is in exactly one of the two projects.
          include: [
            "app/**/*.test.{ts,tsx}",
            "db/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/integration/**/*.test.ts",
          ],
          exclude: ["app/lib/**", "app/components/**", "app/realtime/**/!(*.server).test.ts"],
          globalSetup: ["tests/support/vitest-global-setup.ts"],
          // Every file has its own database, a copy of the run's migrated template (vitest-setup.ts).
          setupFiles: ["tests/support/vitest-setup.ts"],
          fileParallelism: true,
          pool: "forks",
        },
      },
    ],
  },
});
