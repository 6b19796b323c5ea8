import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { firstPhotoFirst as firstPhotoFirstOfBytes, WAIT_MS } from "./first-photo-first.server";

/** The page's bytes through firstPhotoFirst, read back as text. */
const firstPhotoFirst = (page: string, nonce: string) => firstPhotoFirstOfBytes(Buffer.from(page), nonce).toString();

// A page as React Router's <Scripts> writes it (its links and its one module script), around a photo.
const MODULE_SCRIPT = `;\nimport * as route0 from "/assets/root.js";\nwindow.x = "a</script><b";\nimport("/assets/entry.client.js");`;
const PAGE =
  `<html><head><link rel="modulepreload" href="/assets/entry.client.js" nonce="n1"/>` +
  `<link rel="modulepreload" href="/assets/root.js" nonce="n1"/></head><body>` +
  `<img loading="eager" fetchpriority="high" src="/media/photos/1/thumb"/>` +
  `<script nonce="n1">window.__reactRouterContext = {};</script>` +
  `<script nonce="n1" type="module" async="">${MODULE_SCRIPT.replace("</script>", "<\\/script>")}</script></body></html>`;

/** The page's new module script, run against a pretend document with these first photos. */
function runInPage(photos: { complete: boolean }[]) {
  const html = firstPhotoFirst(PAGE, "n1");
  const call = /type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const links = [{ rel: "held-modulepreload" }, { rel: "held-modulepreload" }];
  const images = photos.map((photo) => ({
    ...photo,
    on: {} as Record<string, () => void>,
    addEventListener(type: string, listener: () => void) {
      this.on[type] = listener;
    },
  }));
  const appended: { type?: string; nonce?: string; textContent?: string }[] = [];
  const acts = new Map<string, () => void>();
  const timers: { run: () => void; ms: number }[] = [];
  const marks: string[] = [];
  vm.runInNewContext(call, {
    document: {
      querySelectorAll: (selector: string) => (selector.startsWith("link") ? links : images),
      createElement: () => ({}),
      head: { append: (element: (typeof appended)[number]) => appended.push(element) },
    },
    addEventListener: (type: string, listener: () => void) => acts.set(type, listener),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    performance: {
      mark: (name: string, options?: { detail: string }) => marks.push(options ? `${name}: ${options.detail}` : name),
    },
  });
  return { links, images, appended, acts, timers, marks };
}

describe("firstPhotoFirst", () => {
  it("sends React Router's module links held and its module script as a call that starts them", () => {
    const html = firstPhotoFirst(PAGE, "n1");
    expect(html).not.toContain('rel="modulepreload"');
    expect(html.match(/<link rel="held-modulepreload" href="[^"]+" nonce="n1"\/>/g)).toHaveLength(2);
    // The other inline scripts are as they were; the module's text is carried whole, with no "<" that could end it.
    expect(html).toContain(`<script nonce="n1">window.__reactRouterContext = {};</script>`);
    const call = /<script nonce="n1" type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(call).not.toContain("<");
    expect(call).toContain(JSON.stringify(MODULE_SCRIPT.replace("</script>", "<\\/script>")).replace(/</g, "\\u003c"));
  });

  it("leaves a page without React Router's module script as it is", () => {
    const page = `<html><body><link rel="modulepreload" href="/x.js"/><script>1</script></body></html>`;
    expect(firstPhotoFirst(page, "n1")).toBe(page);
  });

  it("writes the page's other bytes as they were, characters beyond ASCII included", () => {
    const page = PAGE.replace("<body>", "<body><p>© 2026 … Zoë</p>");
    const held = PAGE.replace(/rel="modulepreload"/g, 'rel="held-modulepreload"');
    const html = firstPhotoFirst(page, "n1");
    const call = /type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(html).toBe(
      held
        .replace("<body>", "<body><p>© 2026 … Zoë</p>")
        .replace(/(type="module" async="">)[\s\S]*?(<\/script>)/, `$1${call}$2`),
    );
  });

  it("starts at once when no first photo is still coming", () => {
    const page = runInPage([{ complete: true }]);
    expect(page.appended).toEqual([
      { type: "module", nonce: "n1", textContent: MODULE_SCRIPT.replace("</script>", "<\\/script>") },
    ]);
    expect(page.links.map((link) => link.rel)).toEqual(["modulepreload", "modulepreload"]);
    expect(page.marks).toEqual(["scripts started: no photo to wait for"]);
  });

  it("waits for every first photo, loaded or failed, then starts once", () => {
    const page = runInPage([{ complete: false }, { complete: false }]);
    expect(page.appended).toEqual([]);
    expect(page.marks).toEqual(["scripts waiting"]);
    expect(page.links.map((link) => link.rel)).toEqual(["held-modulepreload", "held-modulepreload"]);
    page.images[0]!.on.load!();
    expect(page.appended).toEqual([]);
    page.images[1]!.on.error!();
    expect(page.marks).toEqual(["scripts waiting", "scripts started: first photo arrived"]);
    page.acts.get("keydown")!();
    page.timers[0]!.run();
    expect(page.appended).toHaveLength(1);
  });

  it("starts when the member acts before the photo has come, or when it has waited long enough", () => {
    for (const act of ["pointerdown", "keydown", "focusin"]) {
      const page = runInPage([{ complete: false }]);
      page.acts.get(act)!();
      expect(page.appended).toHaveLength(1);
      expect(page.marks).toEqual(["scripts waiting", "scripts started: member acted"]);
    }
    const page = runInPage([{ complete: false }]);
    expect(page.timers.map((timer) => timer.ms)).toEqual([WAIT_MS]);
    page.timers[0]!.run();
    expect(page.appended).toHaveLength(1);
    expect(page.marks).toEqual(["scripts waiting", "scripts started: waited long enough"]);
  });
});
