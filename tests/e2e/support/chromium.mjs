// Which Chromium the end-to-end suite drives (scripts/ensure-chromium.mjs and
// playwright.config.ts both ask here): CHROMIUM_PATH, else Playwright's own when
// installed, else the system's (its headless shell first). Plain JavaScript: the install script runs it
// before anything is compiled.
import fs from "node:fs";
import { chromium } from "playwright-core";

/**
 * The system's, best first. Debian's chromium-headless-shell is the old headless
 * mode Playwright's own download also uses: no browser window, no address bar, a
 * sixth less CPU over the suite than the full chromium started headless (measured
 * on the accessibility scans: 116 against 139 CPU-seconds). The real binary, not
 * /usr/bin's shell wrapper, so that stopping it stops the browser.
 */
export const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const SYSTEM_CHROMIUMS = [HEADLESS_SHELL, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** @returns {{ kind: "explicit" | "playwright" | "system", path: string } | null} */
export function chooseChromium() {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return isExecutable(explicit) ? { kind: "explicit", path: explicit } : null;
  const own = chromium.executablePath();
  if (own && isExecutable(own)) return { kind: "playwright", path: own };
  const system = SYSTEM_CHROMIUMS.find(isExecutable);
  return system ? { kind: "system", path: system } : null;
}
