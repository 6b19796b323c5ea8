import { describe, expect, it } from "vitest";
import { linkPieces } from "./linkify";

const joined = (body: string) =>
  linkPieces(body)
    .map((piece) => piece.text)
    .join("");

describe("linkPieces", () => {
  it("keeps plain text as one piece", () => {
    expect(linkPieces("Lovely light\non the tram")).toEqual([{ text: "Lovely light\non the tram" }]);
    expect(linkPieces("")).toEqual([]);
  });

  it("links http and https addresses in place", () => {
    expect(linkPieces("See https://example.com/a?b=1#c and http://foto.example.org now")).toEqual([
      { text: "See " },
      { text: "https://example.com/a?b=1#c", href: "https://example.com/a?b=1#c" },
      { text: " and " },
      { text: "http://foto.example.org", href: "http://foto.example.org/" },
      { text: " now" },
    ]);
  });

  it("leaves sentence punctuation and unbalanced brackets out of the address", () => {
    expect(linkPieces("Look: https://example.com/x.")).toEqual([
      { text: "Look: " },
      { text: "https://example.com/x", href: "https://example.com/x" },
      { text: "." },
    ]);
    expect(linkPieces("(see https://example.com/y), ok")[1]).toEqual({
      text: "https://example.com/y",
      href: "https://example.com/y",
    });
    expect(linkPieces("https://en.wikipedia.org/wiki/Leica_(company)!")[0]).toEqual({
      text: "https://en.wikipedia.org/wiki/Leica_(company)",
      href: "https://en.wikipedia.org/wiki/Leica_(company)",
    });
  });

  it("never links other schemes, markup or malformed addresses", () => {
    for (const body of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      '<a href="javascript:alert(1)">x</a>',
      "<img src=x onerror=alert(1)>",
      "ftp://example.com/file",
      "http://",
      "https://[not-an-address",
    ]) {
      expect(
        linkPieces(body).filter((piece) => piece.href),
        body,
      ).toEqual([]);
      expect(joined(body)).toBe(body);
    }
  });

  it("stops an address at quotes and angle brackets, so markup around it stays text", () => {
    const body = '<a href="https://example.com/x">y</a>';
    expect(linkPieces(body)).toEqual([
      { text: '<a href="' },
      { text: "https://example.com/x", href: "https://example.com/x" },
      { text: '">y</a>' },
    ]);
    // Hidden in another scheme, only the http part is an address.
    expect(linkPieces("javascript://https://evil.example").filter((piece) => piece.href)).toEqual([
      { text: "https://evil.example", href: "https://evil.example/" },
    ]);
  });

  it("gives back the whole body, whatever it holds", () => {
    const body = "a https://x.example/(1) b http://y.example, c\n\nhttps://z.example/?q=<1>";
    expect(joined(body)).toBe(body);
  });
});

describe("linkPieces in a meeting's call details", () => {
  it("reads www. addresses as https, and leaves the punctuation after an address as text", () => {
    const details = "Zoom: https://zoom.us/j/123?pwd=abc. Or www.example.org/room, then dial.";
    const links = linkPieces(details).filter((piece) => piece.href);
    expect(links.map(({ text, href }) => `${text} -> ${href}`)).toEqual([
      "https://zoom.us/j/123?pwd=abc -> https://zoom.us/j/123?pwd=abc",
      "www.example.org/room -> https://www.example.org/room",
    ]);
    expect(joined(details)).toBe(details);
  });
});

describe("linkPieces on a hostile comment", () => {
  // Each trailing bracket used to recount every bracket in the address: 4,992 of them took 155 ms, and a page
  // of such comments held the server for seconds. Counted once, 32,000 take about a millisecond; the bound is
  // a thousand times that so a busy machine cannot fail it, and the old way took seconds.
  it("trims thousands of unbalanced closing brackets in one pass", () => {
    const body = `http://a${")".repeat(32_000)}`;
    const started = performance.now();
    const pieces = linkPieces(body);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(pieces[0]).toEqual({ text: "http://a", href: "http://a/" });
    expect(joined(body)).toBe(body);
  });

  it("keeps the brackets that close one inside, however many", () => {
    const body = `http://a/${"(".repeat(20_000)}x${")".repeat(20_001)}.`;
    const started = performance.now();
    const [link] = linkPieces(body);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(link!.text).toBe(`http://a/${"(".repeat(20_000)}x${")".repeat(20_000)}`);
  });
});
