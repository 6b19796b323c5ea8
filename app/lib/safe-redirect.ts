// Where to send someone after a form ('from' after logging in, 'returnTo' after
// deleting a photo): only a path on this site. Browsers drop tabs and newlines
// from a Location and read a backslash as a slash, so "/\t/evil.example" or
// "/\\evil.example" would leave the site as "//evil.example"; and a target that
// is decoded once more on the way ("/%2F/evil.example") must not become one
// either. Anything odd falls back instead of reaching the browser (or failing
// the redirect with a 500).

/** Longer targets are not the site's own pages. */
export const MAX_REDIRECT_LENGTH = 2048;

const BASE = "http://club.invalid";
/** A control character (browsers drop tabs and newlines) or a backslash (read as a slash). */
function hasControlOrBackslash(value: string) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

const ENCODED = /%[0-9a-f]{2}/i;

/** The string and what it becomes when percent-decoded again and again; null when it is encoded too deep to be ours. */
function decodedLayers(value: string): string[] | null {
  const layers = [value];
  let current = value;
  for (let round = 0; round < 3 && ENCODED.test(current); round++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      // A lone '%' decodes no further, in a browser as here.
      return layers;
    }
    layers.push(current);
  }
  return ENCODED.test(current) ? null : layers;
}

function leavesSite(layer: string) {
  return hasControlOrBackslash(layer) || !layer.startsWith("/") || layer.startsWith("//");
}

/** A path on this site to redirect to: `to` normalised when it is one, else `fallback`. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_REDIRECT_LENGTH) return fallback;
  const layers = decodedLayers(to);
  if (!layers || layers.some(leavesSite)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  // Dot segments ("/./evil", "/a/..//evil") can still turn the path into "//host".
  if (url.origin !== BASE || url.pathname.startsWith("//")) return fallback;
  // Never bounce back to pages that only make sense logged out (routes match regardless of case).
  if (/^\/(login|logout|setup)(\/|$)/i.test(url.pathname)) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Normalising can bring an encoded slash to the front ("/./%2F/evil"): check what is sent, too.
  const sent = decodedLayers(target);
  return sent && !sent.some(leavesSite) ? target : fallback;
}
