import vm from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkFirstPhotoFirst, renderScriptsProbe, SCRIPTS_NOT_RECOGNISED } from "./first-photo-check.server";
import { firstPhotoFirst as firstPhotoFirstOfBytes, WAIT_MS } from "./first-photo-first.server";

/** The page's bytes through firstPhotoFirst, read back as text. */
const firstPhotoFirst = (page: string, nonce: string) => firstPhotoFirstOfBytes(Buffer.from(page), nonce).toString();

// A page as the installed React Router's <Scripts> writes it (its links and its one module script), around a photo.
let PAGE = "";
let MODULE_SCRIPT = "";
const MODULE_LINKS = /<link rel="modulepreload" href="[^"]+" nonce="n1"\/>/g;
beforeAll(async () => {
  PAGE = await renderScriptsProbe("n1");
  MODULE_SCRIPT = /<script nonce="n1" type="module" async="">([\s\S]*?)<\/script>/.exec(PAGE)![1]!;
});

/** The page's new module script, run against a pretend document with these first photos. */
function runInPage(photos: { complete: boolean }[]) {
  const html = firstPhotoFirst(PAGE, "n1");
  const call = /type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const links = (PAGE.match(MODULE_LINKS) ?? []).map(() => ({ rel: "held-modulepreload" }));
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
    const links = PAGE.match(MODULE_LINKS)!;
    expect(links.length).toBeGreaterThan(2);
    expect(html.match(/<link rel="held-modulepreload" href="[^"]+" nonce="n1"\/>/g)).toEqual(
      links.map((link) => link.replace("modulepreload", "held-modulepreload")),
    );
    // The other inline scripts are as they were; the module's text is carried whole, with no "<" that could end it.
    const contextScript = /<script nonce="n1">window.__reactRouterContext = [\s\S]*?<\/script>/.exec(PAGE)![0];
    expect(html).toContain(contextScript);
    expect(MODULE_SCRIPT).toContain("import");
    const call = /<script nonce="n1" type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(call).not.toContain("<");
    expect(call).toContain(JSON.stringify(MODULE_SCRIPT).replace(/</g, "\\u003c"));
  });

  it("carries a module script's text whole, a </script> in it included", () => {
    const page = PAGE.replace(MODULE_SCRIPT, `${MODULE_SCRIPT}\nwindow.x = "a<\\/script><b";`);
    const call = /type="module" async="">([\s\S]*?)<\/script>/.exec(firstPhotoFirst(page, "n1"))![1]!;
    expect(call).not.toContain("<");
    expect(call).toContain(JSON.stringify(`${MODULE_SCRIPT}\nwindow.x = "a<\\/script><b";`).replace(/</g, "\\u003c"));
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
    expect(page.appended).toEqual([{ type: "module", nonce: "n1", textContent: MODULE_SCRIPT }]);
    expect(page.links.map((link) => link.rel)).toEqual(page.links.map(() => "modulepreload"));
    expect(page.marks).toEqual(["scripts started: no photo to wait for"]);
  });

  it("waits for every first photo, loaded or failed, then starts once", () => {
    const page = runInPage([{ complete: false }, { complete: false }]);
    expect(page.appended).toEqual([]);
    expect(page.marks).toEqual(["scripts waiting"]);
    expect(page.links.map((link) => link.rel)).toEqual(page.links.map(() => "held-modulepreload"));
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

describe("checkFirstPhotoFirst", () => {
  /** A log that keeps its warnings. */
  const keptLog = () => {
    const warnings: unknown[][] = [];
    return { warnings, log: { warn: (...line: unknown[]) => warnings.push(line) } as never };
  };

  it("finds the installed React Router's module script, and says nothing", async () => {
    const { warnings, log } = keptLog();
    expect(await checkFirstPhotoFirst(undefined, log)).toBe(true);
    expect(warnings).toEqual([]);
  });

  it("says once, in the log, when React Router's pages are written otherwise", async () => {
    const { warnings, log } = keptLog();
    const otherwise = async () => PAGE.replace(' type="module" async=""', ' type="module"');
    expect(firstPhotoFirst(await otherwise(), "n1")).toBe(await otherwise());
    expect(await checkFirstPhotoFirst(otherwise, log)).toBe(false);
    expect(warnings).toEqual([[SCRIPTS_NOT_RECOGNISED]]);
  });
});
