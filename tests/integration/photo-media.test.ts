// Photo images as browsers get them: over real HTTP through
// the site's Express app, so the cheap path ahead of React Router is what
// answers. Versioned URLs are cached for good (public only where a visitor may
// see the image), stale versions redirect, refusals stay 404, revalidation is a
// 304, and every answer keeps the site's security headers and its outage 503.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, db, openDatabase } from "@db/client.server";
import { photos, users } from "@db/schema";
import { PRIVATE_IMMUTABLE, PUBLIC_IMMUTABLE } from "~/server/media/photo-media.server";
import { DATABASE_UNAVAILABLE_MESSAGE } from "~/server/outages.server";
import { photoMediaUrl } from "~/services/photos/json.server";
import { derivedKey, newOriginalKey } from "~/storage/keys.server";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { useHttpApp } from "../support/http-app";
import { cookieFor, makeMember } from "../support/members";
import { featureDirectly, insertPhoto } from "../support/photos";
import { useTestStorage } from "../support/storage";
import { testDatabaseUrl } from "../support/test-database";

const site = useHttpApp();
const used = useTestStorage("local");

const LAST_YEAR = new Date().getFullYear() - 1;

function get(path: string, options: { cookie?: string; headers?: Record<string, string>; method?: string } = {}) {
  return fetch(`${site.url}${path}`, {
    method: options.method ?? "GET",
    headers: { ...options.headers, ...(options.cookie ? { Cookie: options.cookie } : {}) },
    redirect: "manual",
  });
}

/** A public member's featured photo (visitors see its thumbnail), an unfeatured one, and a member's cookie. */
async function club() {
  const owner = await makeMember({ firstName: "Olive" });
  const featured = await insertPhoto(owner.id, { withFiles: true });
  await featureDirectly(featured, LAST_YEAR, 1);
  const unfeatured = await insertPhoto(owner.id, { withFiles: true });
  const member = await makeMember();
  return { owner, featured, unfeatured, cookie: await cookieFor(member.id) };
}

const thumbUrl = (photo: { id: number; thumbKey: string | null }) => photoMediaUrl(photo.id, "thumb", photo.thumbKey!);
const largeUrl = (photo: { id: number; largeKey: string | null }) => photoMediaUrl(photo.id, "large", photo.largeKey!);

describe("versioned photo URLs", () => {
  it("serve a visitor a visible thumbnail cached for good, publicly, with the site's headers", async () => {
    const { featured } = await club();
    const answer = await get(thumbUrl(featured));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("thumb bytes");
    expect(answer.headers.get("Cache-Control")).toBe(PUBLIC_IMMUTABLE);
    expect(PUBLIC_IMMUTABLE).toBe("public, max-age=31536000, s-maxage=3600, immutable");
    expect(answer.headers.get("Content-Type")).toBe("image/webp");
    expect(answer.headers.get("ETag")).toBeTruthy();
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(answer.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  });

  it("serve a member the same thumbnail publicly, and the large size and unfeatured thumbnails privately", async () => {
    const { featured, unfeatured, cookie } = await club();
    expect((await get(thumbUrl(featured), { cookie })).headers.get("Cache-Control")).toBe(PUBLIC_IMMUTABLE);
    const large = await get(largeUrl(featured), { cookie });
    expect(large.status).toBe(200);
    expect(await large.text()).toBe("large bytes");
    expect(large.headers.get("Cache-Control")).toBe(PRIVATE_IMMUTABLE);
    expect(PRIVATE_IMMUTABLE).toBe("private, max-age=31536000, immutable");
    const hidden = await get(thumbUrl(unfeatured), { cookie });
    expect(hidden.status).toBe(200);
    expect(hidden.headers.get("Cache-Control")).toBe(PRIVATE_IMMUTABLE);
  });

  it("refuse a visitor the large size and the thumbnails they may not see (404, never stored)", async () => {
    const { featured, unfeatured } = await club();
    for (const path of [largeUrl(featured), thumbUrl(unfeatured)]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await answer.text()).not.toContain("bytes");
    }
  });

  it("stop serving a visitor a member's thumbnail once they hide their profile; members get it privately", async () => {
    const { owner, featured, cookie } = await club();
    expect((await get(thumbUrl(featured))).status).toBe(200);
    await db().update(users).set({ isPublic: false }).where(eq(users.id, owner.id));
    const visitor = await get(thumbUrl(featured));
    expect(visitor.status).toBe(404);
    expect(visitor.headers.get("Cache-Control")).toBe("private, no-store");
    const member = await get(thumbUrl(featured), { cookie });
    expect(member.status).toBe(200);
    expect(member.headers.get("Cache-Control")).toBe(PRIVATE_IMMUTABLE);
  });

  it("answer a revalidation with 304 and no body", async () => {
    const { featured, cookie } = await club();
    const first = await get(largeUrl(featured), { cookie });
    const etag = first.headers.get("ETag")!;
    const again = await get(largeUrl(featured), { cookie, headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("Cache-Control")).toBe(PRIVATE_IMMUTABLE);
    const other = await get(largeUrl(featured), { cookie, headers: { "If-None-Match": '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it("answer HEAD with the size and no body", async () => {
    const { featured } = await club();
    const answer = await get(thumbUrl(featured), { method: "HEAD" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Length")).toBe(String("thumb bytes".length));
    expect(await answer.text()).toBe("");
  });

  it("redirect a stale version to the current URL (never stored), keeping the width", async () => {
    const { featured, cookie } = await club();
    const stale = thumbUrl(featured);
    // The photo's thumbnail is made again under a new key: the old URL must not serve other bytes.
    const thumbKey = derivedKey(newOriginalKey(), "thumb", "webp");
    await used.storage.put(thumbKey, Buffer.from("new thumb bytes"));
    await db().update(photos).set({ thumbKey }).where(eq(photos.id, featured.id));
    const current = photoMediaUrl(featured.id, "thumb", thumbKey);
    expect(current).not.toBe(stale);

    const redirected = await get(stale);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("Location")).toBe(current);
    expect(redirected.headers.get("Cache-Control")).toBe("private, no-store");
    const followed = await get(current);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toBe("new thumb bytes");

    const narrow = await get(`${stale}&w=320`, { cookie });
    expect(narrow.status).toBe(302);
    expect(narrow.headers.get("Location")).toBe(`${current}&w=320`);
  });

  it("answer 404, not a redirect, for a stale version of an image the visitor may not see", async () => {
    const { unfeatured } = await club();
    const answer = await get(`/media/photos/${unfeatured.id}/thumb?v=AAAAAAAAAAAA`);
    expect(answer.status).toBe(404);
  });

  it("serve a narrower copy under the version, cached for good", async () => {
    const { featured, cookie } = await club();
    const bytes = await sharp({ create: { width: 1024, height: 683, channels: 3, background: "#336699" } })
      .webp()
      .toBuffer();
    await used.storage.put(featured.thumbKey!, bytes);
    const answer = await get(`${thumbUrl(featured)}&w=320`, { cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe(PUBLIC_IMMUTABLE);
    expect((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).width).toBe(320);
    expect((await get(`${thumbUrl(featured)}&w=333`, { cookie })).status).toBe(404);
  });
});

describe("photo URLs without a version (older links, e-mails)", () => {
  it("are still served, cached briefly and never immutable", async () => {
    const { featured, cookie } = await club();
    const thumb = await get(`/media/photos/${featured.id}/thumb`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const large = await get(`/media/photos/${featured.id}/large`, { cookie });
    expect(large.status).toBe(200);
    expect(large.headers.get("Cache-Control")).toBe("private, max-age=86400");
    expect((await get(`/media/photos/${featured.id}/large`)).status).toBe(404);
  });
});

describe("malformed media addresses", () => {
  it("are 404 (ids, sizes, versions and widths are checked before anything is read)", async () => {
    const { featured, cookie } = await club();
    for (const path of [
      "/media/photos/abc/thumb",
      "/media/photos/0/thumb",
      "/media/photos/99999999999/thumb",
      `/media/photos/${featured.id}/original`,
      `/media/photos/${featured.id}/thumb.jpg`,
      `/media/photos/${featured.id}/thumb?v=short`,
      `/media/photos/${featured.id}/thumb?v=AAAAAAAAAAAA&v=BBBBBBBBBBBB`,
      `/media/photos/${featured.id}/thumb?w=abc`,
    ]) {
      const answer = await get(path, { cookie });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("refuse other methods (405, from React Router)", async () => {
    const { featured, cookie } = await club();
    const answer = await get(thumbUrl(featured), { cookie, method: "DELETE" });
    expect(answer.status).toBe(405);
  });
});

describe("while the database is down", () => {
  let proxy: FaultProxy;
  let path: string;

  beforeAll(async () => {
    const { featured } = await club();
    path = thumbUrl(featured);
    const url = new URL(testDatabaseUrl());
    proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await closeDatabase();
    await openDatabase({
      databaseUrl: proxy.through(testDatabaseUrl()),
      dataDir: process.env.DATA_DIR!,
      connectTimeoutMs: 1000,
      queryTimeoutMs: 1000,
    });
  });

  afterAll(async () => {
    await closeDatabase();
    await proxy.close();
    await openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: process.env.DATA_DIR! });
  });

  it("images answer 503 with the club's words, and again 200 once it is back", async () => {
    expect((await get(path)).status).toBe(200);
    await proxy.stop();
    const refused = await get(path);
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain(DATABASE_UNAVAILABLE_MESSAGE);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    await proxy.resume();
    for (;;) {
      const answer = await get(path);
      if (answer.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
});
