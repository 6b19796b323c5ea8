// npm run test:e2e runs this first: it makes sure there is a Chromium for the
// end-to-end suite and prints which. In order:
//   1. CHROMIUM_PATH, when set (nothing is installed then);
//   2. Playwright's own Chromium, when `npx playwright install chromium` has put it in place;
//   3. the system's Chromium: Debian's `chromium-headless-shell` package, else its `chromium`
//      (/usr/bin/chromium or chromium-browser); as root on Debian, with only the full chromium
//      there, the headless shell is installed beside it first (a sixth less CPU over the suite);
//   4. with neither, Playwright's own is installed (its download), and where that cannot be
//      reached, as root on Debian, the `chromium-headless-shell` package with apt-get.
// playwright.config.ts picks by the same rules (tests/e2e/support/chromium.mjs).
// Plain JavaScript with no dependencies but Playwright, so it runs before anything is built.
import { spawnSync } from "node:child_process";
import { chooseChromium, HEADLESS_SHELL, SYSTEM_CHROMIUMS } from "../tests/e2e/support/chromium.mjs";

function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    // A download that cannot be reached gives up within minutes, not hours.
    timeout: 300_000,
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.error) console.error(`Could not run ${command}: ${result.error.message}`);
  return result.status === 0;
}

const describe = (choice) => (choice.kind === "playwright" ? `Playwright's own (${choice.path})` : choice.path);

let choice = chooseChromium();
if (!choice && process.env.CHROMIUM_PATH) {
  // Installing a browser would not put anything at a path someone chose.
  console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but there is no executable there.`);
  process.exit(1);
}

if (!choice) {
  console.log("No Chromium found; installing Playwright's own...");
  if (run(process.execPath, ["node_modules/@playwright/test/cli.js", "install", "chromium"])) choice = chooseChromium();
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
/** apt-get install, with the package lists fetched only when the first try cannot find the package. */
const aptInstall = (pkg) =>
  run("apt-get", ["install", "-y", "--no-install-recommends", pkg]) ||
  (run("apt-get", ["update"]) && run("apt-get", ["install", "-y", "--no-install-recommends", pkg]));

if (choice?.kind === "system" && choice.path !== HEADLESS_SHELL && isRoot && hasApt) {
  console.log("Only the full Chromium is here; installing Debian's chromium-headless-shell beside it...");
  // Not fatal: the full one still runs the suite, only slower.
  if (aptInstall("chromium-headless-shell")) choice = chooseChromium();
}

if (!choice && isRoot && hasApt) {
  console.log("Playwright's download could not be had; installing Debian's chromium-headless-shell package...");
  if (aptInstall("chromium-headless-shell")) choice = chooseChromium();
}

if (!choice) {
  console.error(
    [
      "The end-to-end tests need Chromium, and none was found or could be installed.",
      `Looked for Playwright's own and at ${SYSTEM_CHROMIUMS.join(", ")}.`,
      "Run `npx playwright install chromium`, or install your system's chromium package, " +
        "or set CHROMIUM_PATH to a Chromium executable.",
    ].join("\n"),
  );
  process.exit(1);
}

console.log(`Chromium for the end-to-end tests: ${describe(choice)}`);
