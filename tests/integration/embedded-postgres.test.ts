// The zero-config default: the same migrations, services and queries on the
// PostgreSQL server the site runs itself under DATA_DIR, with the first-admin
// setup of a brand-new club; the server stops with the handle and keeps its data.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, databaseHandle, openDatabase } from "@db/client.server";
import { isAlive } from "@db/postgres-process.server";
import { verifyLogin } from "~/services/auth/login.server";
import { createFirstAdmin, isFirstAdminSetupOpen, openFirstAdminSetup } from "~/services/members/first-admin.server";
import { health } from "~/server/health.server";
import { createSession, memberFromCookieHeader } from "~/services/auth/session.server";
import { InvalidError } from "~/services/errors.server";
import { countUsers, createMember, findUserByUsername } from "~/services/members/members.server";
import { cookieHeaderFrom } from "../support/members";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-embedded-"));
const postmasterPid = () => path.join(dataDir, "postgres", "postmaster.pid");
const firstAdmin = {
  clubName: "Chalk Street Club",
  firstName: "Helen",
  lastName: "Levitt",
  username: "helen",
  email: "helen@example.com",
  password: "chalk4kids",
  confirmPassword: "chalk4kids",
};

beforeAll(async () => {
  await closeDatabase(); // the file's test database
  const handle = await openDatabase({ dataDir, embeddedRole: "site" });
  await handle.migrate();
});

afterAll(async () => {
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the embedded PostgreSQL server", () => {
  it("is the database when DATABASE_URL is not set, reached through its socket in DATA_DIR, and reports healthy", async () => {
    expect(databaseHandle().kind).toBe("embedded");
    expect(new URL(databaseHandle().url).searchParams.get("host")).toBe(path.join(dataDir, "postgres-socket"));
    expect(await health()).toMatchObject({ ok: true, database: { ok: true, kind: "embedded" } });
    const [row] = (await databaseHandle().db.execute(
      "select current_setting('listen_addresses') as tcp, current_setting('shared_buffers') as buffers",
    )) as unknown as { tcp: string; buffers: string }[];
    expect(row).toEqual({ tcp: "", buffers: "32MB" }); // no TCP port; sized for a small server
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

  it("stops with the site, keeps its data across a restart, and migrating again changes nothing", async () => {
    const pid = Number(fs.readFileSync(postmasterPid(), "utf8").split("\n")[0]);
    await closeDatabase();
    expect(fs.existsSync(postmasterPid())).toBe(false);
    expect(isAlive(pid)).toBe(false); // exited (a zombie not yet reaped counts as gone)
    const handle = await openDatabase({ dataDir, embeddedRole: "site" });
    await handle.migrate();
    expect((await findUserByUsername("helen"))?.email).toBe("helen@example.com");
  });
});
