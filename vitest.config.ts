import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Unit tests sit beside their code; integration suites live in tests/.
    include: [
      "app/**/*.test.{ts,tsx}",
      "db/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    // Sized for a loaded two-core machine (the browser suite or a benchmark
    // running beside): a test may take seconds there; set-up hooks that load
    // the site through Vite, make a database or start a server more.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration files share one database; each uses its own members.
    fileParallelism: true,
    pool: "forks",
  },
});
