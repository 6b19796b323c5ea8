// Which Chromium the end-to-end suite drives (scripts/ensure-chromium.mjs and
// playwright.config.ts both ask here): CHROMIUM_PATH, else Playwright's own when
// installed, else the system's. Plain JavaScript: the install script runs it
// before anything is compiled.
import fs from "node:fs";
import { chromium } from "playwright-core";

export const SYSTEM_CHROMIUMS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

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
