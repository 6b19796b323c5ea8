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
      "tests/pglite/**/*.test.ts",
    ],
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration files share one database; each uses its own members.
    fileParallelism: true,
    pool: "forks",
  },
});
