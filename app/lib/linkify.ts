// Web addresses in what members write (comments) and admins write (a meeting's
// topic and call details) become links;
// everything else stays text. The text is never read as HTML: it is cut into
// text and link pieces that React renders as text nodes and <a> elements, and
// only http and https addresses become links (never javascript:, data: or
// anything else a browser would run). 'www.example.org' is read as https.

export type TextPiece = { text: string; href?: string };

// An address runs to the next space or character that cannot be in one unescaped.
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"'`{}|\\^]+/gi;

const TRAILING_PUNCTUATION = new Set([".", ",", ";", ":", "!", "?", "'", '"']);
const CLOSING = { ")": "(", "]": "[" } as const;

/**
 * Sentence punctuation after an address is not part of it; a closing bracket is, when it closes one inside.
 * The brackets are counted once and the counts follow the trimming, so an address ending in thousands of
 * brackets costs one pass, not one count per bracket (a comment is rendered on every visit).
 */
function trimAddress(candidate: string): string {
  const counts: Record<string, number> = { "(": 0, ")": 0, "[": 0, "]": 0 };
  for (const character of candidate) if (character in counts) counts[character]!++;
  let end = candidate.length;
  while (end > 0) {
    const last = candidate[end - 1]!;
    if (TRAILING_PUNCTUATION.has(last)) {
      end--;
    } else if (last === ")" || last === "]") {
      if (counts[last]! <= counts[CLOSING[last]]!) break;
      counts[last]!--;
      end--;
    } else {
      break;
    }
  }
  return candidate.slice(0, end);
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
