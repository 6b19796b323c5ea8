// The embedded database belongs to this process alone: its data versions are
// read again only after a write through it, and every kind of write (a
// statement, a transaction, raw SQL) makes the next read see the change.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, databaseHandle, db, openDatabase, transaction } from "@db/client.server";
import { users } from "@db/schema";
import { memberFromCookieHeader } from "~/services/auth/session.server";
import { currentDataVersions } from "~/services/data-versions.server";
import { cookieFor, makeMember } from "../support/members";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-pglite-versions-"));

beforeAll(async () => {
  await closeDatabase(); // the shared PostgreSQL test database
  const handle = await openDatabase({ dataDir });
  await handle.migrate();
});

afterAll(async () => {
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("data versions on the embedded database", () => {
  it("are not read again while nothing was written, and reads do not count as writes", async () => {
    const writes = databaseHandle().writesDone!();
    const first = await currentDataVersions();
    await db().select().from(users);
    // The very object read before: no query was sent for it.
    expect(await currentDataVersions()).toBe(first);
    expect(databaseHandle().writesDone!()).toBe(writes);
  });

  it("move on the next read after a statement, raw SQL or a transaction commits", async () => {
    const member = await makeMember();
    const before = await currentDataVersions();
    await db().update(users).set({ bio: "one" }).where(eq(users.id, member.id));
    const afterStatement = await currentDataVersions();
    expect(afterStatement.members).toBeGreaterThan(before.members);

    await db().execute(sql`update users set bio = 'two' where id = ${member.id}`);
    const afterRaw = await currentDataVersions();
    expect(afterRaw.members).toBeGreaterThan(afterStatement.members);

    await transaction(async () => {
      await db().update(users).set({ bio: "three" }).where(eq(users.id, member.id));
    });
    expect((await currentDataVersions()).members).toBeGreaterThan(afterRaw.members);
  });

  it("refuse a deactivated member on the very next request, though their member was kept", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    expect((await memberFromCookieHeader(cookie))?.id).toBe(member.id);
    expect((await memberFromCookieHeader(cookie))?.id).toBe(member.id); // kept
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, member.id));
    expect(await memberFromCookieHeader(cookie)).toBeNull();
  });
});
