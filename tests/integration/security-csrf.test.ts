// Cross-site request forgery, tried as an attacker's page would: a form on
// another site posting to /login (logging the visitor in as the attacker), a
// text/plain form posting JSON-looking text to the API (creating an invite with
// an admin's cookie), and a fetch from another origin. Every state-changing
// request a browser marks as cross-site is refused before it reaches a route;
// the same requests from the site itself go through.
import { describe, expect, it } from "vitest";
import { cookieFor, makeMember, TEST_PASSWORD } from "../support/members";
import { useHttpApp } from "../support/http-app";

const site = useHttpApp();

const EVIL = "https://evil.example";
const noRedirect = { redirect: "manual" } as const;

describe("a page on another site", () => {
  it("cannot log a visitor's browser in as someone (login CSRF), by Origin or by Sec-Fetch-Site", async () => {
    const attacker = await makeMember();
    const form = new URLSearchParams({ email: attacker.username, password: TEST_PASSWORD });
    const foreign: Record<string, string>[] = [
      { Origin: EVIL },
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: "null" },
    ];
    for (const headers of foreign) {
      const response = await fetch(`${site.url}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: form,
        ...noRedirect,
      });
      expect(response.status).toBe(403);
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
    // The site's own form still logs in.
    const own = await fetch(`${site.url}/login`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: site.url,
        "Sec-Fetch-Site": "same-origin",
      },
      body: form,
      ...noRedirect,
    });
    expect(own.status).toBe(302);
    expect(own.headers.get("Set-Cookie")).toContain("__session=");
  });

  it("cannot make an admin's browser create an invite, with a text/plain form or a foreign fetch", async () => {
    const admin = await makeMember({ isAdmin: true });
    const cookie = await cookieFor(admin.id);
    const invite = JSON.stringify({ firstName: "Eve", lastName: "Attacker", email: "eve@evil.example", message: "" });
    // An HTML form can send text/plain without a preflight; the guard refuses it by origin...
    const textForm = await fetch(`${site.url}/api/invites`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "text/plain", Origin: EVIL },
      body: invite,
    });
    expect(textForm.status).toBe(403);
    // ...and the API refuses a text/plain body even from the site itself.
    const sameSiteText = await fetch(`${site.url}/api/invites`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "text/plain", Origin: site.url },
      body: invite,
    });
    expect(sameSiteText.status).toBe(415);
    const foreignJson = await fetch(`${site.url}/api/invites`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: invite,
    });
    expect(foreignJson.status).toBe(403);
    expect(await foreignJson.json()).toEqual({ message: "Cross-site requests are refused." });
    // Nothing was invited.
    const list = await fetch(`${site.url}/api/invites`, { headers: { Cookie: cookie } });
    expect(((await list.json()) as { email: string }[]).some((i) => i.email === "eve@evil.example")).toBe(false);
  });

  it("cannot log a member out or change anything through a page action; reading is still allowed", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const logout = await fetch(`${site.url}/logout`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: EVIL },
      ...noRedirect,
    });
    expect(logout.status).toBe(403);
    const me = await fetch(`${site.url}/api/users/me`, { headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" } });
    expect(me.status).toBe(200);
  });
});
