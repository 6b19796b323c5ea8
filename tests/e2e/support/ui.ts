// Small helpers that act like a person on the page: find things by role and label.
import type { Locator } from "@playwright/test";
import { expect, type Page } from "./fixtures";
import { SITE_TITLE } from "./club-server";
import { instantOf, wallClockOf } from "../../../app/lib/club-time";

export { SITE_TITLE };

/** The title every page carries: 'X - {site title}'. */
export const pageTitle = (name: string) => `${name} - ${SITE_TITLE}`;

export const navbar = (page: Page) => page.getByRole("navigation", { name: "Main" });

/**
 * The site's question before a change (ConfirmButton, app/components/confirm-dialog.tsx): a modal
 * dialog that says what will happen, with the action's own button and Cancel, which has the focus.
 */
export const confirmDialog = (page: Page) => page.locator("dialog.confirm-dialog[open]");

/**
 * Clicks a button that asks first, answers yes in the site's dialog, and
 * returns the question asked (for the test to check what it named). The
 * browser's own confirm() would fail the test (fixtures.ts).
 */
export async function clickAndConfirm(page: Page, button: Locator): Promise<string> {
  const label = (await button.textContent())?.trim() ?? "";
  await button.click();
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  // Enter alone never changes anything: the safe choice has the focus.
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  const question = (await dialog.locator(".confirm-question").textContent()) ?? "";
  await dialog.getByRole("button", { name: label, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  return question;
}

/** Clicks a button that asks first and says no: the dialog closes and nothing is sent. */
export async function clickAndCancel(page: Page, button: Locator): Promise<string> {
  await button.click();
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  const question = (await dialog.locator(".confirm-question").textContent()) ?? "";
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  return question;
}

/**
 * Waits until the page's JavaScript has hydrated it (the navbar marks itself).
 * Controls that act on change alone (a select that saves or navigates) do
 * nothing before then, so a test that uses one waits here first.
 */
export async function untilHydrated(page: Page) {
  await expect(page.locator("header.navbar.hydrated")).toHaveCount(1);
}

/**
 * Resizes the window as a person would: out of full screen first. A full-screen
 * window has no size of its own to set (Chromium's headless shell refuses it).
 */
export async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.evaluate(() => (document.fullscreenElement ? document.exitFullscreen() : undefined));
  await page.setViewportSize(size);
}

/** The full-screen viewer: a dialog named after its photo. */
export const viewer = (page: Page) => page.getByRole("dialog", { name: /\(full screen\)$/ });

/**
 * Waits until the viewer is open with its photo placed and its loader gone.
 * The viewer's code loads when it is first used, so "no loader" alone also
 * holds for the moment before the viewer exists: the placed photo comes first.
 */
export async function viewerReady(page: Page) {
  await expect(viewer(page).locator(".viewer-frame img")).toBeVisible();
  await expect(page.getByTestId("viewer-loader")).toHaveCount(0);
}

/** Fills the log-in form that is on screen and submits it with the button. */
export async function submitLogin(page: Page, identifier: string, password: string) {
  await expect(page).toHaveTitle(pageTitle("Log in"));
  await page.getByLabel("Email or Username").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/** Logs the member in on the log-in page of the club at `baseURL` and waits for the home page it lands on. */
export async function logIn(page: Page, member: { username: string; password: string }, baseURL: string) {
  await page.goto(`${baseURL}/login`);
  await submitLogin(page, member.username, member.password);
  await expect(page).toHaveURL(`${baseURL}/`);
}

/** The ids of a meeting's photos in its page's order, once the page at `meetingUrl` shows `count` of them. */
export async function meetingPageOrder(page: Page, meetingUrl: string, count: number): Promise<number[]> {
  await page.goto(meetingUrl);
  const links = page.locator(".meeting-page a[href*='/meetings/']").filter({ has: page.locator("img") });
  await expect(links).toHaveCount(count);
  const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute("href")!));
  return hrefs.map((href) => Number(href.split("/").pop()!.split(/[?#]/)[0]));
}

/** The navbar's ARIA snapshot: exactly these links (name, url) in order, then any extra lines. */
function navbarSnapshot(links: [name: string, url: string][], after = "") {
  const items = links.map(([name, url]) => `  - link "${name}":\n    - /url: ${url}\n`).join("");
  return `- navigation "Main":\n  - /children: equal\n${items}${after}`;
}

/** Asserts the navbar a visitor sees: Home, Members, Log in, nothing more. */
export async function expectVisitorNavbar(page: Page) {
  await expect(navbar(page)).toMatchAriaSnapshot(
    navbarSnapshot([
      ["Home", "/"],
      ["Members", "/members"],
      ["Log in", "/login"],
    ]),
  );
}

/**
 * Asserts the navbar a logged-in member sees (exactly these links), greeting them by first name;
 * an admin's also has 'Manage Members'.
 */
export async function expectMemberNavbar(page: Page, member: { firstName: string; username: string; admin?: boolean }) {
  await expect(navbar(page)).toMatchAriaSnapshot(
    navbarSnapshot(
      [
        ["Home", "/"],
        ["Members", "/members"],
        ["Meetings", "/meetings"],
        ["Browse", "/browse"],
        ["Comments", "/comments"],
        ...(member.admin ? ([["Manage Members", "/admin/members"]] as [string, string][]) : []),
        [`Hi, ${member.firstName}`, `/members/${member.username}`],
      ],
      `  - button "Log out"\n`,
    ),
  );
}

/**
 * The 404 a page's own refusal shows (the route's error boundary): 'Not found'
 * with the reason, inside the site's shell (navbar and footer kept), not the
 * 'Unexpected Application Error!' screen kept for errors nobody foresaw.
 */
export async function expectNotFoundPage(
  page: Page,
  reason = "There is nothing at this address. It may have been moved or deleted.",
) {
  await expect(page).toHaveTitle(pageTitle("Not found"));
  await expect(page.getByRole("main")).toMatchAriaSnapshot(`
    - main:
      - alert:
        - /children: equal
        - heading "Not found" [level=1]
        - paragraph: ${JSON.stringify(reason)}
        - paragraph: 404 Not Found
        - paragraph:
          - link "Back to the home page":
            - /url: /
  `);
  await expect(navbar(page)).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveText(`© ${new Date().getFullYear()} ${SITE_TITLE}`);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toHaveCount(0);
}

/** The layout shifts the page has had so far (the Layout Instability API's sum, as CLS counts them). */
export function layoutShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        // Buffered entries are delivered in the observer's first callback, before this timer.
        setTimeout(() => resolve(sum), 100);
      }),
  );
}

/**
 * Waits until a keyboard drag just picked up (dnd-kit, Space) listens for its arrow keys: its
 * sensor adds that listener in a timer queued at the pick-up, so a timer queued now runs after it.
 * An arrow key pressed sooner, on a busy machine, was lost.
 */
export async function untilKeyboardDragListens(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/**
 * Sets a browser's clock to 15:10 today on the club's clock (the server's zone unless told), time
 * running on from there. A meeting timer's default end, two hours on, then stays today: by rule an end
 * on another day is cleared when the timer is read back, which after 22:00 would clear the tests' own.
 */
export async function clubAfternoon(
  target: Pick<Page, "clock">,
  zone = Intl.DateTimeFormat().resolvedOptions().timeZone,
) {
  const time = instantOf({ ...wallClockOf(new Date(), zone), hour: 15, minute: 10 }, zone);
  await target.clock.install({ time });
}
