// The baseline app of the throughput benchmark (bench/baseline/README in
// bench/throughput.ts): built into BASELINE_BUILD_DIR, never into the club's build.
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: process.env.BASELINE_BUILD_DIR ?? "/tmp/club-bench-baseline-build",
  ssr: true,
} satisfies Config;
