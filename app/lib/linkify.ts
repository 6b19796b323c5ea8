// Web addresses in what members write (comments) and admins write (a meeting's
// topic and call details; spec section 2: links auto-detected) become links;
// everything else stays text. The text is never read as HTML: it is cut into
// text and link pieces that React renders as text nodes and <a> elements, and
// only http and https addresses become links (never javascript:, data: or
// anything else a browser would run). 'www.example.org' is read as https.

export type TextPiece = { text: string; href?: string };

// An address runs to the next space or character that cannot be in one unescaped.
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"'`{}|\\^]+/gi;

const TRAILING_PUNCTUATION = new Set([".", ",", ";", ":", "!", "?", "'", '"']);
const CLOSING = { ")": "(", "]": "[" } as const;

/** Sentence punctuation after an address is not part of it; a closing bracket is, when it closes one inside. */
function trimAddress(candidate: string): string {
  let address = candidate;
  for (;;) {
    const last = address.at(-1);
    if (last && TRAILING_PUNCTUATION.has(last)) {
      address = address.slice(0, -1);
    } else if (last === ")" || last === "]") {
      const opening = CLOSING[last];
      const opened = address.split(opening).length - 1;
      const closed = address.split(last).length - 1;
      if (closed <= opened) return address;
      address = address.slice(0, -1);
    } else {
      return address;
    }
  }
}

/** The address as a link target, when it is a well-formed http(s) address. */
function safeHref(address: string): string | null {
  try {
    const url = new URL(address.toLowerCase().startsWith("www.") ? `https://${address}` : address);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/** The text cut into plain text and links, in order; joined, the pieces' texts are the text. */
export function linkPieces(body: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let done = 0;
  for (const match of body.matchAll(ADDRESS)) {
    const start = match.index;
    const address = trimAddress(match[0]);
    const href = safeHref(address);
    if (!href) continue;
    if (start > done) pieces.push({ text: body.slice(done, start) });
    pieces.push({ text: address, href });
    done = start + address.length;
  }
  if (done < body.length) pieces.push({ text: body.slice(done) });
  return pieces;
}
