// Outages answer clearly and never hang. The site talks to
// PostgreSQL and to s3rver through a fault proxy of the test's own
// (tests/support/fault-proxy.ts), which takes the part away (stopped: its
// connections cut and new ones refused) or makes it hang (frozen: no byte
// goes either way) without touching the shared server. Pages answer 503 with
// the club's words inside the site's shell, /api answers 503 JSON, /healthz
// answers within 2 seconds, and the site recovers by itself when the part
// comes back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, openDatabase } from "@db/client.server";
import { env } from "~/env.server";
import { logTo } from "~/base/logger.server";
import { DATABASE_UNAVAILABLE_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE } from "~/server/outages.server";
import { useStorage } from "~/storage/storage.server";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { LEVEL, type LogLine } from "../support/log-lines";
import { useHttpApp } from "../support/http-app";
import { cameraJpeg } from "../support/images";
import { cookieFor, makeMember } from "../support/members";
import { S3Storage } from "~/storage/s3-storage.server";
import { S3RVER_KEY, startS3rver, type TestS3 } from "../support/storage";
import { uploadFile } from "../support/uploads";
import { testDatabaseUrl } from "../support/test-database";

const site = useHttpApp();

// Short timeouts, so a frozen database or storage is given up on quickly in the test.
const TIMEOUTS = { connectTimeoutMs: 1000, queryTimeoutMs: 1000 };
const STORAGE_TIMEOUT_MS = 1000;
/** A frozen part's 503 comes after its timeout, plus the time a busy machine takes to answer. */
const GIVEN_UP_WITHIN_MS = STORAGE_TIMEOUT_MS + 4000;

/**
 * The site's database reached through a fault proxy for a describe block (a member's cookie with it),
 * and the direct connection again after it.
 */
function useDatabaseBehindProxy() {
  const handle = {} as { proxy: FaultProxy; cookie: string };
  beforeAll(async () => {
    const url = new URL(testDatabaseUrl());
    handle.proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5432) });
    handle.cookie = await cookieFor((await makeMember()).id);
    await closeDatabase();
    await openDatabase({
      databaseUrl: handle.proxy.through(testDatabaseUrl()),
      dataDir: process.env.DATA_DIR!,
      ...TIMEOUTS,
    });
  });
  afterAll(async () => {
    await handle.proxy.resume();
    await closeDatabase();
    await handle.proxy.close();
    await openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: process.env.DATA_DIR! });
  });
  return handle;
}

async function get(path: string, cookie?: string) {
  const started = performance.now();
  const response = await fetch(`${site.url}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const body = await response.text();
  return {
    status: response.status,
    type: response.headers.get("Content-Type") ?? "",
    body,
    ms: performance.now() - started,
  };
}

/** The page's text as a person reads it (React escapes the apostrophe). */
const text = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'");

function expectOutagePage(answer: Awaited<ReturnType<typeof get>>, message: string) {
  expect(answer.status).toBe(503);
  expect(answer.type).toMatch(/text\/html/);
  const page = text(answer.body);
  expect(page).toContain(message);
  // The shell: navbar, footer with the site's title, a way home; no bare error screen.
  expect(page).toMatch(/<nav[^>]*aria-label="Main"/);
  expect(page).toMatch(new RegExp(`<footer[^>]*>[\\s\\S]*${env().SITE_TITLE}`));
  expect(page).toContain('href="/"');
  expect(page).not.toContain("Unexpected Application Error");
}

/** Polls until `path` answers 200 again: the site recovers without a restart. */
async function waitForRecovery(path: string, cookie?: string) {
  for (;;) {
    const answer = await get(path, cookie);
    if (answer.status === 200) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("the database", () => {
  const database = useDatabaseBehindProxy();

  it("answers normally through the proxy", async () => {
    expect((await get("/", database.cookie)).status).toBe(200);
    expect((await get("/healthz")).status).toBe(200);
  });

  for (const fault of ["stopped", "frozen"] as const) {
    describe(fault, () => {
      beforeAll(async () => {
        // Pooled connections are open: a frozen server holds them without a word.
        expect((await get("/browse", database.cookie)).status).toBe(200);
        if (fault === "stopped") await database.proxy.stop();
        else database.proxy.freeze();
      });

      afterAll(async () => {
        await database.proxy.resume();
      });

      it("answers a visitor's page 503 with the club's words, in the shell", async () => {
        expectOutagePage(await get("/"), DATABASE_UNAVAILABLE_MESSAGE);
      });

      it("answers a member's page 503 in the shell too (the root's member lookup fails first)", async () => {
        expectOutagePage(await get("/browse", database.cookie), DATABASE_UNAVAILABLE_MESSAGE);
      });

      it("answers /api with 503 JSON {message}", async () => {
        const answer = await get("/api/photos", database.cookie);
        expect(answer.status).toBe(503);
        expect(JSON.parse(answer.body)).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      });

      it("answers a page action 503 (the log-in form)", async () => {
        const response = await fetch(`${site.url}/login`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
          body: new URLSearchParams({ email: "someone@example.com", password: "not-a-secret" }),
          redirect: "manual",
        });
        expect(response.status).toBe(503);
        expect(text(await response.text())).toContain(DATABASE_UNAVAILABLE_MESSAGE);
      });

      it("answers /healthz within 2 seconds, naming the database as down", async () => {
        const answer = await get("/healthz");
        expect(answer.status).toBe(503);
        expect(JSON.parse(answer.body)).toMatchObject({ ok: false, database: { ok: false }, storage: { ok: true } });
        expect(answer.ms).toBeLessThan(2000);
      });
    });

    it(`recovers without a restart once the ${fault} database is back`, async () => {
      await waitForRecovery("/browse", database.cookie);
      expect((await get("/api/photos", database.cookie)).status).toBe(200);
      expect((await get("/healthz")).status).toBe(200);
    });
  }
});

// Its own pool, and few requests: the pool above has answered many refusals by now.
describe("the log while the database is stopped", () => {
  const database = useDatabaseBehindProxy();

  beforeAll(async () => {
    expect((await get("/browse", database.cookie)).status).toBe(200);
    await database.proxy.stop();
  });

  it("logs one line per refused request, with its cause, and none per /healthz poll", async () => {
    const ask = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${site.url}${path}`, { redirect: "manual", ...init });
      await response.text();
      return { status: response.status, id: response.headers.get("X-Request-Id")! };
    };
    const lines: LogLine[] = [];
    logTo({ write: (line) => void lines.push(JSON.parse(line) as LogLine) }, "info");
    const result = await (async () => {
      const member = { headers: { Cookie: database.cookie } };
      const pages = await Promise.all([ask("/browse", member), ask("/api/photos", member)]);
      const polls = [];
      for (let poll = 0; poll < 3; poll++) polls.push(await ask("/healthz"));
      // Lines are written as answers finish: once the last request's line is in, the others' are too.
      const after = await ask("/members");
      while (!lines.some((line) => line.reqId === after.id)) await new Promise((r) => setTimeout(r, 20));
      return { pages, polls };
    })().finally(() => logTo(undefined, "warn"));
    const of = (id: string) => lines.filter((line) => line.reqId === id);
    for (const page of result.pages) {
      expect(page.status).toBe(503);
      const [line, ...more] = of(page.id);
      expect(more).toEqual([]);
      expect(line?.level).toBe(LEVEL.warn);
      expect(line?.msg).toMatch(/ 503 \d+ ms \S+: database not answering \(.+\)$/);
      expect(line?.err).toBeUndefined();
    }
    // A part going down is logged once, when a poll first finds it; the polls themselves are not.
    expect(result.polls.map((poll) => poll.status)).toEqual([503, 503, 503]);
    expect(result.polls.flatMap((poll) => of(poll.id)).length).toBeLessThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(result.pages.length + 2);
  });
});

describe("the photo storage", () => {
  let s3: TestS3;
  let proxy: FaultProxy;
  let cookie: string;

  beforeAll(async () => {
    s3 = await startS3rver();
    const target = new URL(s3.endpoint);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port) });
    const endpoint = proxy.through(s3.endpoint).replace(/\/$/, "");
    const storage = new S3Storage({
      endpoint,
      publicUrl: endpoint,
      accessKey: S3RVER_KEY,
      secretKey: S3RVER_KEY,
      bucket: "club-outage",
      region: "us-east-1",
      timeoutMs: STORAGE_TIMEOUT_MS,
    });
    await storage.prepare();
    useStorage(storage);
    cookie = await cookieFor((await makeMember()).id);
  });

  afterAll(async () => {
    useStorage(undefined);
    await proxy.close();
    await s3.stop();
  });

  it("answers an upload 503 while stopped, keeps the upload, and takes it once storage is back", async () => {
    const photo = await cameraJpeg();
    try {
      const signedId = await uploadFile(cookie, photo.bytes, "night.jpg");
      await proxy.stop();
      const post = () =>
        fetch(`${site.url}/api/photos`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/json", Origin: site.url },
          body: JSON.stringify({ filename: "night.jpg", file: signedId }),
        });
      const refused = await post();
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE });
      const health = await get("/healthz");
      expect(health.status).toBe(503);
      expect(JSON.parse(health.body)).toMatchObject({ database: { ok: true }, storage: { ok: false } });

      await proxy.resume();
      const taken = await post();
      expect(taken.status).toBe(201);
    } finally {
      await photo.cleanup();
    }
  });

  it("answers 503 within its timeout while frozen (accepting, never answering), and recovers once it answers", async () => {
    const photo = await cameraJpeg();
    const post = (signedId: string) =>
      fetch(`${site.url}/api/photos`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json", Origin: site.url },
        body: JSON.stringify({ filename: "night.jpg", file: signedId }),
      });
    try {
      const made = await post(await uploadFile(cookie, photo.bytes, "night.jpg"));
      expect(made.status).toBe(201);
      const { id } = (await made.json()) as { id: number };
      // The photo's sizes were just stored: pooled keep-alive connections are open, and a
      // frozen store holds them without a word.
      const waiting = await uploadFile(cookie, photo.bytes, "night.jpg");
      proxy.freeze();

      const started = performance.now();
      const refused = await post(waiting);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE });
      expect(performance.now() - started).toBeLessThan(GIVEN_UP_WITHIN_MS);

      // (On S3 the images themselves go from the bucket to the browser; a stream the app
      // serves and the store stops mid-file is ended: storage-stalls.test.ts.)
      const page = await get(`/browse/${id}`, cookie);
      expect(page.status).toBe(200);

      const health = await get("/healthz");
      expect(health.status).toBe(503);
      expect(JSON.parse(health.body)).toMatchObject({ database: { ok: true }, storage: { ok: false } });
      expect(health.ms).toBeLessThan(2000);

      await proxy.resume();
      // The upload the member kept is taken when they try again; no restart.
      const taken = await post(waiting);
      expect(taken.status).toBe(201);
      await waitForRecovery("/healthz");
    } finally {
      await proxy.resume();
      await photo.cleanup();
    }
  });
});
