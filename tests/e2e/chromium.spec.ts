// The browser the suite drives keeps Playwright's own disabled features: Chromium
// honours only the last --disable-features switch, and playwright.config.ts passes
// one of its own (DISABLED_FEATURES) after Playwright's, so a Playwright upgrade
// that adds a name there would silently lose it. Read off the running browser's
// command line (Linux's /proc: the browser is a child of this worker process).
import fs from "node:fs";
import { expect, test } from "@playwright/test";

function childCommandLines(parent: number): string[][] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        if (ppid !== parent) return [];
        return [fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")];
      } catch {
        return []; // gone while we looked
      }
    });
}

test("the last --disable-features holds every feature Playwright disables, and the address bar's popups", async ({
  browser,
}) => {
  test.skip(!fs.existsSync("/proc/self/stat"), "needs Linux's /proc to read the browser's command line");
  expect(browser.isConnected()).toBe(true);
  const launched = childCommandLines(process.pid).find((args) => args.includes("--remote-debugging-pipe"));
  expect(launched, "the browser this worker launched").toBeDefined();
  const lists = launched!
    .filter((arg) => arg.startsWith("--disable-features="))
    .map((arg) => arg.slice("--disable-features=".length).split(","));
  expect(lists.length).toBeGreaterThan(0);
  const effective = lists.at(-1)!;
  for (const earlier of lists.slice(0, -1)) expect(effective).toEqual(expect.arrayContaining(earlier));
  expect(effective).toEqual(expect.arrayContaining(["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]));
});
