// The `test` and `expect` every spec imports: Playwright's, with two additions
// for every browser context a test uses (its `page`'s, and any other it opens
// with `openContext`, e.g. a second member's browser):
//
// - A Content-Security-Policy violation fails the test. The browser only
//   reports it on the console ('Refused to load ...'); the page goes on without
//   the blocked script, image or upload, and the failure would surface later as
//   something else missing, or not at all.
// - The context's API client (`page.request`) opens a connection per request.
//   It would otherwise keep idle connections, and the server closes an idle one
//   after 5 s: on a busy machine the client can send on a connection the server
//   has just closed and get ECONNRESET, a race no browser exposes (browsers
//   resend on a fresh connection).
//
// - A question asked with the browser's own alert(), confirm() or prompt()
//   fails the test: the site asks in its own dialog (ConfirmButton). Only the
//   question when closing a tab (beforeunload) is the browser's, and tests
//   that expect it handle it themselves.
//
// E2E_CPU_THROTTLE=N slows every page's JavaScript N times (Chromium's CPU
// throttling), to find tests that act before the page has hydrated: a busy CI
// machine does the same now and then. Off unless set.
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";

export { expect };
export type { Page } from "@playwright/test";

/** What a browser says when the CSP blocks something (console messages and thrown errors). */
const CSP_REPORT = /Content Security Policy|Refused to /i;

type Violation = { url: string; text: string };

/** The browser's own alert/confirm/prompt is dismissed (nothing done) and recorded. */
function refuseNativeDialogs(page: Page, asked: Violation[]) {
  page.on("dialog", (dialog) => {
    if (dialog.type() === "beforeunload") return;
    asked.push({ url: page.url(), text: `${dialog.type()}: ${dialog.message()}` });
    void dialog.dismiss().catch(() => {});
  });
}

function reportViolations(page: Page, violations: Violation[]) {
  page.on("console", (message) => {
    if (CSP_REPORT.test(message.text())) violations.push({ url: page.url(), text: message.text() });
  });
  page.on("pageerror", (error) => {
    if (CSP_REPORT.test(error.message)) violations.push({ url: page.url(), text: error.message });
  });
}

const cpuThrottle = Number(process.env.E2E_CPU_THROTTLE) || 0;

function throttleCpu(page: Page) {
  if (cpuThrottle > 1)
    void page
      .context()
      .newCDPSession(page)
      .then((cdp) => cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuThrottle }))
      .catch(() => {}); // a page closed at once needs no throttle
}

function freshConnections(request: APIRequestContext) {
  const fetch = request.fetch.bind(request);
  request.fetch = (urlOrRequest, options = {}) =>
    typeof urlOrRequest === "string"
      ? fetch(urlOrRequest, { ...options, headers: { ...options.headers, connection: "close" } })
      : fetch(urlOrRequest, options);
}

type Fixtures = {
  /** Watches a context: CSP reports from its pages fail the test; its API client opens fresh connections. */
  watchContext: (context: BrowserContext) => void;
  /** A further browser context (another person), with the test's options, watched, closed after the test. */
  openContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
};

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from this pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  watchContext: async ({}, use, testInfo) => {
    const violations: Violation[] = [];
    const nativeDialogs: Violation[] = [];
    await use((context) => {
      const watch = (page: Page) => {
        reportViolations(page, violations);
        refuseNativeDialogs(page, nativeDialogs);
        throttleCpu(page);
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      freshConnections(context.request);
    });
    // Runs after the contexts are closed (they depend on this fixture), so every report is in.
    if (violations.length) {
      await testInfo.attach("csp-violations.json", {
        body: JSON.stringify(violations, null, 2),
        contentType: "application/json",
      });
    }
    expect(violations, "the Content-Security-Policy blocked something on a page").toEqual([]);
    expect(nativeDialogs, "a page asked with the browser's own dialog, not the site's").toEqual([]);
  },
  context: async ({ context, watchContext }, use) => {
    watchContext(context);
    await use(context);
  },
  openContext: async ({ browser, watchContext }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      watchContext(context);
      opened.push(context);
      return context;
    });
    await Promise.all(opened.map((context) => context.close()));
  },
});
