// What the log may say about an address. A secret in a path (a set-up, reset or
// invite link, a calendar feed, an upload target) is found by what the path
// means to the router, not by how it is spelled: React Router matches without
// regard to case, the URL parser resolves dot segments and backslashes, Express
// and React Router percent-decode, and '//invites/x' still reaches the invite.
// So the decision is made on a normalised form (case-folded, decoded, empty and
// dot segments dropped), and a query value that carries a path (React Router's
// /__manifest?paths=/a,/b or ?p=, a log-in's ?from=) is redacted by the meaning
// of the path it carries. Over-redacting costs nothing; a missed token is a
// working link in every log shipper's index.

export const REDACTED = "[redacted]";

const SECRET = Symbol("secret");
type Pattern = readonly (string | typeof SECRET)[];

// Each route of app/routes.ts whose segment is a secret (a token or an unguessable id), lower-case.
// redact-url.server.test.ts spells every secret route of the table in many ways against it.
const SECRET_ROUTES: readonly Pattern[] = [
  ["setup", SECRET],
  ["passwords", "reset", SECRET],
  ["api", "passwords", SECRET],
  ["invites", SECRET],
  ["api", "invites", SECRET],
  ["calendar", SECRET],
  ["uploads", SECRET],
  ["judge", SECRET],
  ["api", "judge", SECRET],
];

const SECRET_QUERY = /token|secret|password|signature|credential|key|code|session|sig$/i;

/** Nested addresses (?from=/login?from=...) are followed this deep; deeper, the value is redacted whole. */
const MAX_DEPTH = 3;
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

type Redacted = { text: string; secret: boolean };

/** A request target as it may be logged: secret path segments and secret-looking query values replaced. */
export function redactUrl(target: string): string {
  return redactTarget(target, 0).text;
}

/**
 * `text` (an error's message or stack) with every address in it redacted as redactUrl does. A scheme is
 * looked for at most 32 characters back from its `://`: an unbounded one made the search start over at every
 * letter of a long run such as `a.a.a.…` (16 KB of it in a path took 0.7 s); a longer scheme still has its
 * address found, from its last 32 characters.
 */
export function redactUrlsIn(text: string): string {
  return text.replace(/[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'`<>()]+|(?<![\w.:/\\])[/\\][^\s"'`<>()]*/gi, (found) => {
    const redacted = redactTarget(found, 0);
    return redacted.secret ? redacted.text : found;
  });
}

function redactTarget(target: string, depth: number): Redacted {
  if (depth > MAX_DEPTH) return { text: REDACTED, secret: true };
  if (ABSOLUTE.test(target)) return redactAbsolute(target, depth);
  const [path, query] = splitOnce(target, "?");
  const safePath = redactPath(path);
  if (query === undefined) return safePath;
  const safeQuery = redactQuery(query, depth);
  return { text: `${safePath.text}?${safeQuery.text}`, secret: safePath.secret || safeQuery.secret };
}

// An absolute-form request target (GET http://host/invites/x HTTP/1.1) or an address in a query value.
function redactAbsolute(target: string, depth: number): Redacted {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { text: REDACTED, secret: true };
  }
  const rest = redactTarget(`${url.pathname}${url.search}`, depth);
  return rest.secret
    ? { text: `${url.protocol}//${url.host}${rest.text}`, secret: true }
    : { text: target, secret: false };
}

function redactPath(path: string): Redacted {
  const segments = routedSegments(path);
  // A path even the URL parser cannot read is not worth the risk.
  if (!segments) return { text: REDACTED, secret: true };
  const at = secretSegment(segments);
  if (at === null) return { text: path, secret: false };
  const shown = segments.map((segment, index) => (index === at ? REDACTED : encodeURIComponent(segment)));
  return { text: `/${shown.join("/")}`, secret: true };
}

/** The path's segments as routing reads them: dot segments resolved, decoded, empty ones dropped. */
function routedSegments(path: string): string[] | null {
  let pathname: string;
  try {
    // As React Router's adapter builds the app's URL: dot segments (also %2e) and backslashes resolved.
    pathname = new URL(`http://club.invalid${/^[/\\]/.test(path) ? "" : "/"}${path}`).pathname;
  } catch {
    return null;
  }
  const segments: string[] = [];
  // An encoded slash or backslash is a separator here too: it may be decoded once more on the way.
  for (const segment of pathname.split("/").flatMap((raw) => decodeLayers(raw).split(/[/\\]/))) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return segments;
}

/** The index of the segment that is a secret, or null. */
function secretSegment(segments: string[]): number | null {
  const folded = segments.map((segment) => segment.toLowerCase());
  for (const pattern of SECRET_ROUTES) {
    if (folded.length < pattern.length) continue;
    if (pattern.every((part, index) => part === SECRET || part === folded[index])) return pattern.indexOf(SECRET);
  }
  return null;
}

function redactQuery(query: string, depth: number): Redacted {
  let secret = false;
  const kept = [...new URLSearchParams(query).entries()].map(([name, value]) => {
    const shownName = encodeURIComponent(name);
    if (SECRET_QUERY.test(decodeLayers(name))) {
      secret = true;
      return `${shownName}=${REDACTED}`;
    }
    const carried = redactCarriedPaths(value, depth);
    secret ||= carried.secret;
    return `${shownName}=${carried.text}`;
  });
  return { text: kept.join("&"), secret };
}

/**
 * A query value as it may be logged. Any value may carry paths: React Router's
 * route discovery sends `paths=/a,/b` (each read as a path, with or without its
 * leading slash), a log-in page keeps `from=/...`. Each comma-separated item is
 * read as a path; the value is rewritten only when one of them is a secret.
 */
function redactCarriedPaths(value: string, depth: number): Redacted {
  const items = decodeLayers(value).split(",");
  const redacted = items.map((item) =>
    redactTarget(ABSOLUTE.test(item) || /^[/\\]/.test(item) ? item : `/${item}`, depth + 1),
  );
  if (!redacted.some((item) => item.secret)) return { text: encodeURIComponent(value), secret: false };
  return {
    text: redacted.map((item, index) => (item.secret ? item.text : encodeURIComponent(items[index]!))).join(","),
    secret: true,
  };
}

const ENCODED_RUN = /(?:%[0-9a-f]{2})+/gi;

/**
 * `text` percent-decoded until nothing is left to decode (at most three times:
 * a double-encoded name may be decoded once more by whatever reads it next). A
 * run that is not valid UTF-8 keeps its bytes encoded, but its ASCII is decoded.
 */
function decodeLayers(text: string): string {
  let current = text;
  for (let round = 0; round < 3 && current.includes("%"); round++) {
    const next = current.replace(ENCODED_RUN, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
