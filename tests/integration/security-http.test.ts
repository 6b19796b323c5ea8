// What every answer of the running site carries and never carries: helmet's
// security headers with a nonce-based Content-Security-Policy, `private,
// no-store` on what depends on who asks, bounded public caching of pictures,
// proxy headers believed only when TRUST_PROXY says so, redirects that stay on
// the site, and public answers without internals (health, errors).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { users } from "@db/schema";
import { env } from "~/env.server";
import { pictureFields } from "~/services/members/picture-fields.server";
import { applyPictureChange } from "~/services/members/pictures.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { type ObjectStorage, storage, useStorage } from "~/storage/storage.server";
import { useCameraJpeg } from "../support/camera-file";
import { cookieFor, makeMember, TEST_PASSWORD } from "../support/members";
import { rawRequest, useHttpApp } from "../support/http-app";
import { useTestStorage } from "../support/storage";
import { uploadFile } from "../support/uploads";

// The storage before the site starts, and after it stops (the file's hooks run in the order
// they are declared, its after-hooks in the reverse order).
useTestStorage("local");
const site = useHttpApp();
const camera = useCameraJpeg();

/** The CSP header as directive name -> its values. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get("Content-Security-Policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const noRedirect = { redirect: "manual" } as const;

async function memberWithCookie() {
  const member = await makeMember();
  return { member, cookie: await cookieFor(member.id) };
}

describe("security headers", () => {
  it("give a page a CSP whose nonce is on every script React Router writes, and only there", async () => {
    const response = await fetch(`${site.url}/login`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const policy = policyOf(response);
    const nonce = /^'nonce-([A-Za-z0-9+/=]{20,})'$/.exec(policy.get("script-src")?.[1] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get("script-src-attr")).toEqual(["'none'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "ws://club.test"]);
    // Plain HTTP: nothing to upgrade.
    expect(policy.has("upgrade-insecure-requests")).toBe(false);

    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);

    // A fresh nonce per answer.
    const again = policyOf(await fetch(`${site.url}/login`)).get("script-src");
    expect(again?.[1]).not.toBe(`'nonce-${nonce}'`);
  });

  it.each(["/login", "/api/photos", "/healthz", "/no-such-page", "/api/no-such-thing"])(
    "are on %s: nosniff, no framing, a referrer policy, no HSTS outside production",
    async (url) => {
      const response = await fetch(`${site.url}${url}`);
      await response.arrayBuffer();
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Referrer-Policy")).toBe("same-origin");
      expect(policyOf(response).get("frame-ancestors")).toEqual(["'none'"]);
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
      expect(response.headers.get("X-Powered-By")).toBeNull();
    },
  );

  it("add HSTS in production, and the storage's public address and https upgrades when configured", async () => {
    const production = await site.serve({
      NODE_ENV: "production",
      BASE_URL: "https://club.example",
      S3_ENDPOINT: "http://minio:9000",
      S3_PUBLIC_URL: "https://media.club.example/",
      S3_ACCESS_KEY: "club",
      S3_SECRET_KEY: "secret",
    });
    try {
      const response = await fetch(`${production.url}/login`);
      await response.text();
      expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
      const policy = policyOf(response);
      expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://media.club.example"]);
      expect(policy.get("connect-src")).toEqual(["'self'", "wss://club.example", "https://media.club.example"]);
      expect(policy.get("upgrade-insecure-requests")).toEqual([]);
    } finally {
      await production.close();
    }
  });
});

describe("caching", () => {
  it("keeps pages and API answers that depend on who asks out of every cache", async () => {
    const { cookie } = await memberWithCookie();
    for (const [url, headers] of [
      ["/login", {}],
      ["/", { Cookie: cookie }],
      ["/members", { Cookie: cookie }],
      ["/api/photos", {}],
      ["/api/users/me", { Cookie: cookie }],
      ["/api/users/me", {}],
      ["/healthz", {}],
      ["/no-such-page", {}],
    ] as const) {
      const response = await fetch(`${site.url}${url}`, { headers });
      await response.arrayBuffer();
      expect([url, response.headers.get("Cache-Control")]).toEqual([url, "private, no-store"]);
    }
  });

  it("caches a public member's picture publicly for an hour, and a private member's picture for no one", async () => {
    const { member, cookie } = await memberWithCookie();
    await applyPictureChange(member.id, await uploadFile(cookie, camera.bytes, "me.jpg"));
    const [row] = await db().select({ id: users.pictureAssetId }).from(users).where(eq(users.id, member.id));
    const url = `${site.url}${pictureFields(row!.id).pictureThumbUrl!}`;

    const visible = await fetch(url);
    expect(visible.status).toBe(200);
    await visible.arrayBuffer();
    expect(visible.headers.get("Cache-Control")).toBe("public, max-age=3600");

    await db().update(users).set({ isPublic: false }).where(eq(users.id, member.id));
    const hidden = await fetch(url);
    expect(hidden.status).toBe(404);
    await hidden.arrayBuffer();
    expect(hidden.headers.get("Cache-Control")).toBe("private, no-store");

    const seen = await fetch(url, { headers: { Cookie: cookie } });
    expect(seen.status).toBe(200);
    await seen.arrayBuffer();
    expect(seen.headers.get("Cache-Control")).toBe("private, no-cache");
    // Revalidating costs a 304, and the answer is still not for shared caches.
    const revalidated = await fetch(url, { headers: { Cookie: cookie, "If-None-Match": seen.headers.get("ETag")! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Cache-Control")).toBe("private, no-cache");
  });
});

describe("proxy headers", () => {
  const forwarded = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };

  async function firstLink(url: string) {
    const response = await fetch(`${url}/api/photos`, { headers: forwarded });
    await response.arrayBuffer();
    return /^<([^>]+)>/.exec(response.headers.get("Link") ?? "")?.[1];
  }

  // Links name BASE_URL's origin, never the address the client used (security-links.test.ts).
  it("are ignored without TRUST_PROXY: the Link header names BASE_URL", async () => {
    expect(await firstLink(site.url)).toBe(`${env().BASE_URL}/api/photos?page=1`);
  });

  it("are ignored from a peer TRUST_PROXY does not name", async () => {
    const elsewhere = await site.serve({ TRUST_PROXY: "10.0.0.0/8" });
    try {
      expect(await firstLink(elsewhere.url)).toBe(`${env().BASE_URL}/api/photos?page=1`);
    } finally {
      await elsewhere.close();
    }
  });

  it("are believed from the proxy TRUST_PROXY names", async () => {
    const proxied = await site.serve({ TRUST_PROXY: "loopback" });
    try {
      expect(await firstLink(proxied.url)).toBe("https://evil.example/api/photos?page=1");
    } finally {
      await proxied.close();
    }
  });

  it("refuse a malformed Host instead of building links from it", async () => {
    const answer = await rawRequest(`${site.url}/api/photos`, {
      method: "GET",
      headers: { Host: "evil.example/path@x" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain("evil.example");
  });
});

describe("redirects after logging in", () => {
  const offSite = [
    "/\t/evil.example",
    "/%09/evil.example",
    "/%2F/evil.example",
    "/\\evil.example",
    "//evil.example",
    "https://evil.example/",
    "/%0D%0ASet-Cookie:%20stolen=1",
  ];

  it("send a member who is already logged in only to a path on this site", async () => {
    const { cookie } = await memberWithCookie();
    for (const from of offSite) {
      const response = await fetch(`${site.url}/login?${new URLSearchParams({ from })}`, {
        headers: { Cookie: cookie },
        ...noRedirect,
      });
      expect([from, response.status, response.headers.get("Location")]).toEqual([from, 302, "/"]);
    }
    const home = await fetch(`${site.url}/login?from=${encodeURIComponent("/meetings?year=2024")}`, {
      headers: { Cookie: cookie },
      ...noRedirect,
    });
    expect(home.headers.get("Location")).toBe("/meetings?year=2024");
  });

  it("send a member who just logged in only to a path on this site", async () => {
    const { member } = await memberWithCookie();
    for (const from of ["/\t/evil.example", "/%2F/evil.example", "/\\\\evil.example", "/\r\n/x"]) {
      const response = await fetch(`${site.url}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: member.username, password: TEST_PASSWORD, from }),
        ...noRedirect,
      });
      expect([from, response.status, response.headers.get("Location")]).toEqual([from, 302, "/"]);
    }
  });
});

describe("quiet public answers", () => {
  it("/healthz names the part that is down, never why", async () => {
    const healthy = await fetch(`${site.url}/healthz`);
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({
      ok: true,
      database: { ok: true, kind: "postgres" },
      storage: { ok: true, kind: "local" },
      disk: { ok: true, kind: "space" },
    });

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "club-broken-"));
    const blocker = path.join(dir, "not-a-folder");
    await fs.writeFile(blocker, "");
    const working = storage();
    useStorage(new LocalStorage(path.join(blocker, "storage")));
    try {
      const down = await fetch(`${site.url}/healthz`);
      expect(down.status).toBe(503);
      const text = await down.text();
      expect(JSON.parse(text)).toEqual({
        ok: false,
        database: { ok: true, kind: "postgres" },
        storage: { ok: false, kind: "local" },
        disk: { ok: true, kind: "space" },
      });
      expect(text).not.toMatch(/not-a-folder|ENOTDIR|club-broken/);
    } finally {
      useStorage(working);
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("an unexpected failure answers without its message or stack", async () => {
    const { member, cookie } = await memberWithCookie();
    await applyPictureChange(member.id, await uploadFile(cookie, camera.bytes, "me.jpg"));
    const [row] = await db().select({ id: users.pictureAssetId }).from(users).where(eq(users.id, member.id));
    const working = storage();
    const failing: ObjectStorage = Object.assign(Object.create(working) as ObjectStorage, {
      read: async () => {
        throw new Error('select "password_hash" from "users" failed reading /srv/club/secret/storage');
      },
    });
    useStorage(failing);
    try {
      const response = await fetch(`${site.url}${pictureFields(row!.id).pictureThumbUrl!}`);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).not.toMatch(/password_hash|\/srv\/club|select|at .*\.ts/);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    } finally {
      useStorage(working);
    }
  });

  it("a path that does not decode is a plain 400, not Express's stack page", async () => {
    for (const url of ["/%E0%A4%A", "/api/%E0%A4%A"]) {
      const response = await fetch(`${site.url}${url}`);
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).not.toMatch(/URIError|decode|node_modules|at /);
    }
  });
});
