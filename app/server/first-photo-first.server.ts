// A page's first photo before its scripts (docs/decisions/009). React Router's <Scripts> writes a
// modulepreload link for each of the page's modules and one module script importing them, so a
// phone on mobile data shared its bandwidth between about 130 KB of script and the photo it came to
// see: both arrived late (Lighthouse's simulated slow 4G: the first photo at 2.5 s). Here the page is
// sent with those links inert and the module script replaced by a small one that starts them once
// the page's first photos (its `fetchpriority="high"` images) have arrived, the member acts (a
// pointer, a key, a focus) or WAIT_MS have passed. Until then the page is the server's HTML, whose
// links and forms work without script; words typed meanwhile are kept (use-typed-before-hydration).
// React does not compare these elements when it hydrates (<Scripts> marks them
// suppressHydrationWarning) and drops them once hydrated. It reads <Scripts>' output as bytes: the
// server checks at start that the installed React Router still writes it so (first-photo-check.server.tsx).

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
    // Why they started (and, below, that they wait), for the browser's performance tools and the
    // tests; never in the scripts' way.
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
  try {
    performance.mark("scripts waiting");
  } catch {
    // As above: only a mark.
  }
}

/** A value written into an inline script: JSON, with `<` escaped so no `</script>` can close it. */
const scriptValue = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The call's text before its arguments, the same on every page. */
const CALL_START = `(${startScriptsAfterFirstPhoto.toString()})(`;
const MODULE_OPENING_END = Buffer.from(' type="module" async="">');
const SCRIPT_OPENING = Buffer.from("<script");
const SCRIPT_END = Buffer.from("</script>");
const MODULE_LINK = Buffer.from('<link rel="modulepreload"');
const HELD_LINK = Buffer.from(`<link rel="${HELD}"`);

/** Where React Router's module script's text starts and ends in the page, or null when the page has none. */
export function moduleScriptOf(html: Buffer): { bodyStart: number; bodyEnd: number } | null {
  // React escapes quotes in text and attributes, and the inline scripts carry theirs as \", so the
  // first such ending is the one of React Router's module script: the `<script` before it, whole.
  const openingEnd = html.indexOf(MODULE_OPENING_END);
  if (openingEnd < 0) return null;
  const opening = html.lastIndexOf(SCRIPT_OPENING, openingEnd);
  const bodyStart = openingEnd + MODULE_OPENING_END.length;
  const bodyEnd = html.indexOf(SCRIPT_END, bodyStart);
  if (opening < 0 || bodyEnd < 0 || html.subarray(opening, openingEnd).includes(">")) return null;
  return { bodyStart, bodyEnd };
}

/**
 * The rendered page with React Router's modulepreload links held and its module script started
 * after the first photo. A page without that script (none is rendered) is returned as it is.
 * It works on the page's bytes as React rendered them: only the module script is read as text,
 * so the page is never decoded and encoded again (about a sixth of what a grid page allocated).
 */
export function firstPhotoFirst(html: Buffer<ArrayBuffer>, nonce: string | undefined): Buffer<ArrayBuffer> {
  const found = moduleScriptOf(html);
  if (!found) return html;
  const { bodyStart, bodyEnd } = found;
  const moduleScript = html.toString("utf8", bodyStart, bodyEnd);
  const call = `${CALL_START}${[moduleScript, nonce ?? null, HELD, WAIT_MS].map(scriptValue).join(", ")})`;
  // The page with each module link held (those in the script's text go with it) and the text replaced by the call.
  const pieces: Buffer[] = [];
  let from = 0;
  const copyHoldingLinks = (to: number) => {
    for (let link = html.indexOf(MODULE_LINK, from); link >= 0 && link < to; link = html.indexOf(MODULE_LINK, from)) {
      pieces.push(html.subarray(from, link), HELD_LINK);
      from = link + MODULE_LINK.length;
    }
    pieces.push(html.subarray(from, to));
  };
  copyHoldingLinks(bodyStart);
  pieces.push(Buffer.from(call));
  from = bodyEnd;
  copyHoldingLinks(html.length);
  return Buffer.concat(pieces);
}
