// End-to-end tests: the built site (npm run test:e2e builds it first) driven in
// Chromium: Playwright's own where it is installed, else the system's (Debian's
// chromium); scripts/ensure-chromium.mjs finds or installs one first.
//
// The server is started by tests/e2e/global-setup.ts, not by `webServer`,
// because its database must be made and seeded first. This file is evaluated
// before the global setup, and again in every worker process, so the port is
// chosen here once and kept in E2E_PORT: workers inherit the runner's
// environment, so they all see the same port (and so does the global setup).
import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";
import { chooseChromium } from "./tests/e2e/support/chromium.mjs";

/** Asks the OS for a free port (synchronously: this file cannot await). */
function pickFreePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim();
}

process.env.E2E_PORT ||= pickFreePort();

/**
 * Chromium keeps only the last `--disable-features` it is given, so this list
 * repeats the one Playwright passes (its `chromiumSwitches`, version 1.65) and
 * adds the address bar's popups: Chromium 156 loads them as WebUI pages, in a
 * renderer of their own, for every browser context, headless too (about a sixth
 * of the suite's CPU). tests/e2e/chromium.spec.ts fails if Playwright's list
 * gains a name this one lacks.
 */
export const DISABLED_FEATURES = [
  ...["AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades"],
  ...["HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding"],
  ...["ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin"],
  ...["OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch"],
  ...["msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion"],
  // Ours.
  ...["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"],
];
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "./tests/e2e",
  testMatch: "**/*.spec.ts",
  // Server logs sit in test-results/; Playwright wipes its own output folder each run.
  outputDir: "./test-results/playwright",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Each worker drives a Chromium against servers on the same machine; on two
  // cores more workers only make each step slower (set PLAYWRIGHT_WORKERS or --workers to change).
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || 2,
  // Sized for a busy machine (several suites at once): a step that waits on the
  // server may take seconds there. Hooks that start a server raise their own
  // limit (SERVER_START_TIMEOUT in tests/e2e/support/club-server.ts).
  timeout: 60_000,
  // A web-first assertion retries for up to 15 s (a loaded machine answers a
  // navigation in seconds, not milliseconds); a click or fill that cannot
  // happen, or a page that does not load, fails on its own step with its name
  // well before the test's limit, instead of as a bare test timeout.
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  // After the run, the spec files that took longest (the suite must stay fast: docs/testing.md).
  reportSlowTests: { max: 10, threshold: 20_000 },
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    viewport: { width: 1280, height: 800 },
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // No trace by default: CI keeps only the log, and recording one for every test cost
    // about a tenth of the suite's CPU. `npx playwright test --trace retain-on-failure` records them.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      // Playwright's own needs no path; any other Chromium is named.
      executablePath: chooseChromium()?.kind === "playwright" ? undefined : chooseChromium()?.path,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        `--disable-features=${DISABLED_FEATURES.join(",")}`,
      ],
    },
  },
  projects: [{ name: "chromium" }],
});
