// Axe (axe-core through @axe-core/playwright) on a page as it is now: rules ran,
// and none is violated; every violation is listed with its first elements.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./fixtures";

export async function expectAccessible(page: Page, screen: string) {
  // The page has settled: its document and the images it shows.
  await page.waitForLoadState("load");
  // Legacy mode runs axe in the page itself. The default opens a blank page per scan to
  // gather the frames' results (a renderer process each: a quarter of the accessibility
  // scans' CPU); the club's pages have no frames to gather.
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  // Axe really looked: rules ran and passed on this page's elements.
  expect(results.passes.length, `axe ran no rule on ${screen}`).toBeGreaterThan(10);
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    elements: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`).slice(0, 5),
  }));
  expect(found, `axe on ${screen} (${page.url()})`).toEqual([]);
}
