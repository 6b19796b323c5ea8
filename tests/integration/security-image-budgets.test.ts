// Decoding within a memory budget, through the one image-processing gate, and
// never inside a transaction. A 2 KB AVIF of 10000x10000 pixels took the server
// from 690 MB to 2.4 GB while it decoded, and profile pictures were decoded
// beside the processing queue, inside the profile's transaction: four at once
// reached gigabytes, and the transaction held a connection all along.
import fs from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { env, type Env } from "~/env.server";
import { action as userAction } from "~/routes/api/users.user";
import { heicBytes } from "../support/heic-files";
import { imageFixture } from "../support/image-bombs";
import { cookieFor, makeMember, request } from "../support/members";
import { call } from "../support/routes";
import { underLoad } from "../support/server-load";
import { useTestStorage } from "../support/storage";
import { uploadFile } from "../support/uploads";

useTestStorage("local");

// Four decodes may run at once by count, so only the memory budget keeps them apart:
// a 16 MP AVIF is estimated at 288 MB, two of them do not fit in 320.
const SETTINGS: Partial<Env> = { IMAGE_PROCESSING_CONCURRENCY: 4, IMAGE_PROCESSING_MEMORY_MB: 320 };
let saved: Partial<Env>;
let huge: Buffer;
let large: Buffer;

beforeAll(async () => {
  const config = env();
  saved = Object.fromEntries(Object.keys(SETTINGS).map((key) => [key, config[key as keyof Env]]));
  Object.assign(config, SETTINGS);
  huge = await fs.readFile(imageFixture("solid-10000x10000.avif"));
  large = await fs.readFile(imageFixture("solid-4000x4000.avif"));
});

afterAll(() => {
  Object.assign(env(), saved);
});

/** A member with their own upload of `bytes`, ready to be sent as their picture. */
async function memberWithUpload(bytes: Buffer, filename = "me.avif", type = "image/avif") {
  const member = await makeMember();
  const cookie = await cookieFor(member.id);
  return { member, cookie, signedId: await uploadFile(cookie, bytes, filename, type) };
}

async function setPicture({ member, cookie, signedId }: Awaited<ReturnType<typeof memberWithUpload>>) {
  const response = await call(
    userAction,
    request(`/api/users/${member.id}`, { method: "PATCH", cookie, json: { picture: signedId } }),
    { userId: String(member.id) },
  );
  return { status: response.status, body: await response.json() };
}

describe("decoding within the memory budget", () => {
  it("refuses four 10000x10000 AVIF pictures at once from their header, and the site stays light and quick", async () => {
    expect(huge.length).toBeLessThan(8 * 1024);
    const senders = await Promise.all([1, 2, 3, 4].map(() => memberWithUpload(huge)));
    const started = performance.now();
    const load = await underLoad(() => Promise.all(senders.map(setPicture)));
    for (const answer of load.result) {
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        errors: [
          {
            path: "picture",
            message: expect.stringMatching(/^The image is larger than the \d+ megapixel limit for AVIF images\.$/),
          },
        ],
      });
    }
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(load.rssGrowthMb).toBeLessThan(600);
    expect(load.slowestHealthMs).toBeLessThan(1000);
    expect(load.longestStallMs).toBeLessThan(1000);
  });

  it("decodes four 16 MP AVIF pictures one at a time: the memory stays within budget and /healthz answers", async () => {
    const senders = await Promise.all([1, 2, 3, 4].map(() => memberWithUpload(large)));
    const load = await underLoad(() => Promise.all(senders.map(setPicture)));
    for (const answer of load.result) {
      expect(answer.status).toBe(200);
      expect(answer.body.pictureUrl).toMatch(/^\/media\/pictures\/\d+\/large$/);
    }
    // Four at once, as before the gate: over a gigabyte.
    expect(load.rssGrowthMb).toBeLessThan(600);
    expect(load.healthChecks).toBeGreaterThan(0);
    expect(load.slowestHealthMs).toBeLessThan(1000);
    expect(load.longestStallMs).toBeLessThan(1000);
  });
});

describe("a profile picture and the database", () => {
  it("is decoded before the profile's transaction opens, so no transaction stays open while it decodes", async () => {
    // An iPhone photo: seconds of HEVC decoding.
    const sender = await memberWithUpload(await heicBytes(), "IMG_5195.HEIC", "image/heic");
    let longest = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const [row] = await db().execute<{ seconds: number | null }>(
          sql`select extract(epoch from max(clock_timestamp() - xact_start))::float8 as seconds from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
        );
        longest = Math.max(longest, (row?.seconds ?? 0) * 1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const answer = await setPicture(sender);
    const took = performance.now() - started;
    watching = false;
    await watcher;
    expect(answer.status).toBe(200);
    // Before: the transaction was open for the whole decode (about all of `took`).
    expect(longest).toBeLessThan(500);
    expect(took).toBeGreaterThan(2 * longest);
  });
});
