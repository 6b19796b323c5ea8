// What the log may say of an address (security issue round three, item 6): the
// secret of every route of app/routes.ts whose path carries one is redacted
// however a client spells the address (case, slashes, dot segments, encoding,
// a path carried in a query), and every other address is logged as it came.
// tests/integration/request-logs.test.ts sends such spellings to the site.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { leafRoutes } from "../../tests/support/route-table";
import { redactUrl, redactUrlsIn } from "./redact-url.server";

// Every route of app/routes.ts with a parameter named like a secret, and how a client may spell its address.
const SECRET_PARAM = /token|feed|invite|secret|code|key/i;

function spellings(route: string, secret: string): string[] {
  const literals = (spell: (segment: string) => string, join = "/") =>
    `/${route
      .split("/")
      .map((segment) => (segment.startsWith(":") ? (SECRET_PARAM.test(segment) ? secret : "1") : spell(segment)))
      .join(join)}`;
  const hex = (char: string) => char.charCodeAt(0).toString(16);
  const path = literals((segment) => segment);
  return [
    path,
    literals((segment) => segment.toUpperCase()),
    literals((segment) => segment[0]!.toUpperCase() + segment.slice(1)),
    `/${path}`,
    literals((segment) => segment, "//"),
    literals((segment) => segment, "/./"),
    `/members/../${path}`,
    `/%2e%2e${path}`,
    literals((segment) => `%${hex(segment[0]!)}${segment.slice(1)}`),
    literals((segment) => `%25${hex(segment[0]!)}${segment.slice(1)}`),
    literals((segment) => segment, "%2F"),
    literals((segment) => segment, "\\"),
    `${path}.data?_routes=root`,
    `${path}?page=2`,
    `/__manifest?p=${path}&p=/browse&version=1`,
    `/__manifest?p=/browse&p=${path}`,
    `/__manifest?paths=${encodeURIComponent(`/browse,${path}`)}&version=1`,
    `/__manifest?paths=${path.slice(1)}`,
    `/login?from=${encodeURIComponent(path)}`,
    `/login?from=${encodeURIComponent(`/login?from=${encodeURIComponent(path)}`)}`,
    `http://club.test${path}`,
  ];
}

describe("redactUrl", () => {
  it("hides the secret of every route whose path carries one, however the address is spelled", () => {
    const routes = leafRoutes().map((route) => route.path.replace(/\?/g, ""));
    const secretRoutes = routes.filter((path) =>
      path.split("/").some((s) => s.startsWith(":") && SECRET_PARAM.test(s)),
    );
    expect(secretRoutes).toEqual(
      expect.arrayContaining(["setup/:token", "passwords/reset/:token", "invites/:inviteId", "calendar/:feed"]),
    );
    for (const route of secretRoutes) {
      const secret = crypto.randomBytes(18).toString("base64url");
      for (const spelling of spellings(route, secret)) {
        expect([spelling, redactUrl(spelling)]).toEqual([spelling, expect.not.stringContaining(secret)]);
        expect([spelling, redactUrl(spelling)]).toEqual([spelling, expect.stringContaining("[redacted]")]);
        const message = `No route matches URL "${spelling}"`;
        expect([spelling, redactUrlsIn(message)]).toEqual([spelling, expect.not.stringContaining(secret)]);
      }
    }
    // Every other route's address is logged as it came.
    for (const route of routes.filter((path) => !secretRoutes.includes(path))) {
      const path = `/${route.replace(/:\w+/g, "1").replace("*", "anything")}`;
      expect(redactUrl(path)).toBe(path);
    }
  });

  it("writes a secret's address as routing reads it, and a carried path with its own secret redacted", () => {
    expect(redactUrl("//Invites/abc123")).toBe("/Invites/[redacted]");
    expect(redactUrl("/browse/../%69nvites/abc123?x=1")).toBe("/invites/[redacted]?x=1");
    expect(redactUrl("/__manifest?paths=%2Finvites%2Fabc123%2C%2Fbrowse&version=1")).toBe(
      "/__manifest?paths=/invites/[redacted],%2Fbrowse&version=1",
    );
    expect(redactUrl("/login?from=%2FPasswords%2FReset%2Fabc123")).toBe("/login?from=/Passwords/Reset/[redacted]");
    expect(redactUrl("/browse?q=street%20life&page=2")).toBe("/browse?q=street%20life&page=2");
  });

  it("keeps what is not a secret and replaces what is", () => {
    expect(redactUrl("/members/vivian/2024/12?page=2")).toBe("/members/vivian/2024/12?page=2");
    expect(redactUrl("/invites/abc123/accept")).toBe("/invites/[redacted]/accept");
    expect(redactUrl("/api/invites/abc123/resend")).toBe("/api/invites/[redacted]/resend");
    expect(redactUrl("/x?X-Amz-Signature=abc&X-Amz-Credential=def&sort=new")).toBe(
      "/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&sort=new",
    );
  });
});

describe("redactUrlsIn on a hostile message", () => {
  // A path of 64 KB of `a.` (an error's message quotes the address): the scheme's search started over at every
  // letter, 2.4 s for 64 KB; it takes a few milliseconds now. The bound leaves a busy machine room.
  it("reads a long run of would-be scheme letters in one pass", () => {
    const message = `No route matches URL "${"a.".repeat(32 * 1024)}"`;
    const started = performance.now();
    expect(redactUrlsIn(message)).toBe(message);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("still finds an address whose scheme is long or glued to other letters", () => {
    const logged = redactUrlsIn(`No route matches "${"a".repeat(40)}://h/invites/abc123" or 1https://h/invites/def456`);
    expect(logged).not.toContain("abc123");
    expect(logged).not.toContain("def456");
  });
});
