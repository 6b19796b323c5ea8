// The zero-config default: the same migrations, services and queries on the
// embedded PGlite database, with the first-admin setup of a brand-new club.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, databaseHandle, openDatabase } from "@db/client.server";
import { verifyLogin } from "~/services/auth/login.server";
import { createFirstAdmin, isFirstAdminSetupOpen, openFirstAdminSetup } from "~/services/members/first-admin.server";
import { health } from "~/server/health.server";
import { createSession, memberFromCookieHeader } from "~/services/auth/session.server";
import { InvalidError } from "~/services/errors.server";
import { countUsers, createMember, findUserByUsername } from "~/services/members/members.server";
import { cookieHeaderFrom } from "../support/members";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-pglite-"));
const firstAdmin = {
  firstName: "Helen",
  lastName: "Levitt",
  username: "helen",
  email: "helen@example.com",
  password: "chalk4kids",
  confirmPassword: "chalk4kids",
};

beforeAll(async () => {
  await closeDatabase(); // the shared PostgreSQL test database
  const handle = await openDatabase({ dataDir });
  await handle.migrate();
});

afterAll(async () => {
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded PGlite database", () => {
  it("is the driver when DATABASE_URL is not set, and reports healthy", async () => {
    expect(databaseHandle().kind).toBe("pglite");
    expect(await health()).toMatchObject({ ok: true, database: { ok: true, kind: "pglite" } });
  });

  it("lets a new club create its first admin once, through the setup token", async () => {
    expect(await countUsers()).toBe(0);
    const token = await openFirstAdminSetup();
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(await isFirstAdminSetupOpen(token!)).toBe(true);
    expect(await isFirstAdminSetupOpen("wrong-token-wrong-token-wrong-tok")).toBe(false);
    await expect(createFirstAdmin("wrong-token", firstAdmin)).rejects.toMatchObject({ status: 404 });

    const admin = await createFirstAdmin(token!, firstAdmin);
    expect(admin).toMatchObject({ username: "helen", isAdmin: true });
    // Used once, the link is dead, and a restart offers no new one.
    expect(await isFirstAdminSetupOpen(token!)).toBe(false);
    await expect(
      createFirstAdmin(token!, { ...firstAdmin, username: "helen2", email: "h2@example.com" }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(await openFirstAdminSetup()).toBeNull();
    expect(await countUsers()).toBe(1);
  });

  it("logs in case-insensitively and keeps sessions", async () => {
    const admin = await verifyLogin("HELEN@EXAMPLE.COM", "chalk4kids", "127.0.0.1");
    const cookie = cookieHeaderFrom(await createSession(admin.id));
    expect(await memberFromCookieHeader(cookie)).toMatchObject({ id: admin.id });
  });

  it("enforces case-insensitive uniqueness", async () => {
    const error = await createMember({ ...firstAdmin, username: "HELEN", email: "other@example.com" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidError);
    expect((error as InvalidError).errors).toEqual([{ path: "username", message: "Username is already taken." }]);
  });

  it("keeps its data across a restart, and migrating again changes nothing", async () => {
    await closeDatabase();
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    expect((await findUserByUsername("helen"))?.email).toBe("helen@example.com");
  });
});
