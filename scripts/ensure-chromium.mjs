// npm run test:e2e runs this first. Playwright never downloads browsers here:
// the end-to-end suite drives the system Chromium (Debian's `chromium` package).
// This finds it (CHROMIUM_PATH, else /usr/bin/chromium, else /usr/bin/chromium-browser),
// installs it with apt-get when missing and running as root, and prints its path.
// playwright.config.ts looks in the same places.
// Plain JavaScript with no dependencies so it runs before anything is built.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const explicit = process.env.CHROMIUM_PATH || undefined;
const candidates = explicit ? [explicit] : ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const findChromium = () => candidates.find(isExecutable);

function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.error) console.error(`Could not run ${command}: ${result.error.message}`);
  return result.status === 0;
}

let found = findChromium();

if (!found && explicit) {
  // Installing a package would not put anything at a path someone chose.
  console.error(`CHROMIUM_PATH is set to ${explicit}, but there is no executable there.`);
  process.exit(1);
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!found && isRoot) {
  console.log("Chromium was not found; installing Debian's chromium package...");
  if (run("apt-get", ["update"]) && run("apt-get", ["install", "-y", "chromium"])) found = findChromium();
}

if (!found) {
  console.error(
    [
      "The end-to-end tests need Chromium, and it was not found.",
      `Looked at: ${candidates.join(", ")}.`,
      isRoot
        ? "Installing it with apt-get did not work; see the output above."
        : "Install it (as root: apt-get install chromium), or set CHROMIUM_PATH to a Chromium executable.",
    ].join("\n"),
  );
  process.exit(1);
}

console.log(`Chromium for the end-to-end tests: ${found}`);
