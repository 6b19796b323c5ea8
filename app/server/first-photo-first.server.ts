// A page's first photo before its scripts (issue 27 item 2). React Router's <Scripts> writes a
// modulepreload link for each of the page's modules and one module script importing them, so a
// phone on mobile data shared its bandwidth between about 130 KB of script and the photo it came to
// see: both arrived late (Lighthouse's simulated slow 4G: the first photo at 2.5 s). Here the page is
// sent with those links inert and the module script replaced by a small one that starts them once
// the page's first photos (its `fetchpriority="high"` images) have arrived, the member acts (a
// pointer, a key, a focus) or WAIT_MS have passed. Until then the page is the server's HTML, whose
// links and forms work without script; words typed meanwhile are kept (use-typed-before-hydration).
// React does not compare these elements when it hydrates (<Scripts> marks them
// suppressHydrationWarning) and drops them once hydrated.

/** The longest the scripts wait for the first photos: a slow photo must not keep the page inert. */
export const WAIT_MS = 3_000;

/** The inert rel the modulepreload links carry until their turn. */
const HELD = "held-modulepreload";

/**
 * Runs in the page (written into it as text, so it uses nothing from outside): starts the held
 * links and the page's module script once the first photos are in, the member acts, or `waitMs` pass.
 */
function startScriptsAfterFirstPhoto(moduleScript: string, nonce: string | null, held: string, waitMs: number) {
  let started = false;
  const start = (why: string) => {
    if (started) return;
    started = true;
    document.querySelectorAll<HTMLLinkElement>(`link[rel="${held}"]`).forEach((link) => (link.rel = "modulepreload"));
    const script = document.createElement("script");
    script.type = "module";
    if (nonce) script.nonce = nonce;
    script.textContent = moduleScript;
    document.head.append(script);
    // Why they started, for the browser's performance tools (and the tests); never in the scripts' way.
    try {
      performance.mark("scripts started", { detail: why });
    } catch {
      // A browser without marks' details starts the scripts all the same.
    }
  };
  const photos = Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'));
  let left = photos.filter((photo) => !photo.complete).length;
  if (left === 0) return start("no photo to wait for");
  const arrived = () => --left === 0 && start("first photo arrived");
  for (const photo of photos) {
    if (photo.complete) continue;
    photo.addEventListener("load", arrived, { once: true });
    photo.addEventListener("error", arrived, { once: true });
  }
  const acted = () => start("member acted");
  for (const type of ["pointerdown", "keydown", "focusin"])
    addEventListener(type, acted, { capture: true, once: true });
  setTimeout(() => start("waited long enough"), waitMs);
}

/** A value written into an inline script: JSON, with `<` escaped so no `</script>` can close it. */
const scriptValue = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The rendered page with React Router's modulepreload links held and its module script started
 * after the first photo. A page without that script (none is rendered) is returned as it is.
 */
export function firstPhotoFirst(html: string, nonce: string | undefined): string {
  let moduleScript: string | undefined;
  const page = html.replace(
    /(<script[^>]*) type="module" async="">([\s\S]*?)<\/script>/,
    (_whole, opening: string, body: string) => {
      moduleScript = body;
      const call = `(${startScriptsAfterFirstPhoto.toString()})(${[moduleScript, nonce ?? null, HELD, WAIT_MS].map(scriptValue).join(", ")})`;
      return `${opening} type="module" async="">${call}</script>`;
    },
  );
  if (moduleScript === undefined) return html;
  return page.replace(/<link rel="modulepreload"/g, `<link rel="${HELD}"`);
}
