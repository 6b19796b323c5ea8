// The data model's own guarantees, checked against a real PostgreSQL.
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { assets, comments, features, meetings, meetingSubmissions, photos, ratings, users } from "@db/schema";
import { makeMember } from "../support/members";

function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code) return e.code;
  }
  return undefined;
}

async function expectRefused(promise: Promise<unknown>, code: string | string[]) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the database accepted a row it should refuse").toBeDefined();
  expect(typeof code === "string" ? [code] : code).toContain(pgCode(error));
}

async function makePhoto(userId: number) {
  const [asset] = await db()
    .insert(assets)
    .values({
      key: `originals/${crypto.randomUUID()}`,
      filename: "street.jpg",
      contentType: "image/jpeg",
      byteSize: 1234,
    })
    .returning();
  const [photo] = await db()
    .insert(photos)
    .values({ userId, originalAssetId: asset!.id, filename: "street.jpg" })
    .returning();
  return photo!;
}

const UNIQUE = "23505";
const CHECK = "23514";
// A delete an ON DELETE RESTRICT key refuses: foreign_key_violation before PostgreSQL 18,
// restrict_violation from 18 on (the embedded server); a DATABASE_URL server may be either.
const RESTRICTED = ["23503", "23001"];

describe("schema constraints", () => {
  it("usernames and emails are unique regardless of case", async () => {
    const member = await makeMember();
    const base = { firstName: "A", lastName: "B", passwordHash: "x" };
    await expectRefused(
      db()
        .insert(users)
        .values({ ...base, username: member.username.toUpperCase(), email: "other@example.com" }),
      UNIQUE,
    );
    await expectRefused(
      db()
        .insert(users)
        .values({ ...base, username: "someone_else_1", email: member.email.toUpperCase() }),
      UNIQUE,
    );
  });

  it("a rating is 1 to 5, once per member per photo", async () => {
    const owner = await makeMember();
    const rater = await makeMember();
    const photo = await makePhoto(owner.id);
    await expectRefused(db().insert(ratings).values({ photoId: photo.id, userId: rater.id, value: 6 }), CHECK);
    await expectRefused(db().insert(ratings).values({ photoId: photo.id, userId: rater.id, value: 0 }), CHECK);
    await db().insert(ratings).values({ photoId: photo.id, userId: rater.id, value: 5 });
    await expectRefused(db().insert(ratings).values({ photoId: photo.id, userId: rater.id, value: 4 }), UNIQUE);
  });

  it("a photo is featured at most once, at a unique position 1-12 in its owner's year", async () => {
    const owner = await makeMember();
    const first = await makePhoto(owner.id);
    const second = await makePhoto(owner.id);
    await db().insert(features).values({ photoId: first.id, userId: owner.id, year: 2025, position: 1 });
    await expectRefused(
      db().insert(features).values({ photoId: first.id, userId: owner.id, year: 2024, position: 1 }),
      UNIQUE,
    );
    await expectRefused(
      db().insert(features).values({ photoId: second.id, userId: owner.id, year: 2025, position: 1 }),
      UNIQUE,
    );
    await expectRefused(
      db().insert(features).values({ photoId: second.id, userId: owner.id, year: 2025, position: 13 }),
      CHECK,
    );
  });

  it("deleting a photo removes what belongs to it; deleting a member with photos is refused", async () => {
    const owner = await makeMember();
    const viewer = await makeMember();
    const photo = await makePhoto(owner.id);
    const [meeting] = await db().insert(meetings).values({ startsAt: new Date(), topic: "Night streets" }).returning();
    await db().insert(ratings).values({ photoId: photo.id, userId: viewer.id, value: 3 });
    await db().insert(comments).values({ photoId: photo.id, userId: viewer.id, body: "Lovely light" });
    await db().insert(features).values({ photoId: photo.id, userId: owner.id, year: 2025, position: 1 });
    await db()
      .insert(meetingSubmissions)
      .values({ meetingId: meeting!.id, photoId: photo.id, userId: owner.id, position: 1 });

    await expectRefused(db().delete(users).where(eq(users.id, owner.id)), RESTRICTED);
    await expectRefused(db().delete(meetings).where(eq(meetings.id, meeting!.id)), RESTRICTED);

    await db().delete(photos).where(eq(photos.id, photo.id));
    for (const table of [ratings, comments, features, meetingSubmissions]) {
      const [row] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.photoId, photo.id));
      expect(row!.n).toBe(0);
    }
    // The meeting and both members are still there.
    expect(await db().select().from(meetings).where(eq(meetings.id, meeting!.id))).toHaveLength(1);
  });

  it("recurring meetings are weekly or biweekly", async () => {
    const row = { topic: "Weekly walk", latestAt: new Date() };
    await expectRefused(
      db().execute(sql`insert into meeting_templates (topic, latest_at, frequency) values (${row.topic}, now(), 10)`),
      CHECK,
    );
    await db().execute(
      sql`insert into meeting_templates (topic, latest_at, frequency) values (${row.topic}, now(), 14)`,
    );
  });

  it("has an index for each photo sort", async () => {
    const rows = await db().execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename in ('photos', 'ratings')`,
    );
    const names = rows.map((r) => r.indexname);
    for (const name of [
      "photos_created_idx",
      "photos_taken_idx",
      "photos_rating_idx",
      "photos_meeting_idx",
      "ratings_user_value_idx",
    ]) {
      expect(names).toContain(name);
    }
  });
});
