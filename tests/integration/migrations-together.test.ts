// Two app processes starting together on a new database (compose's --scale app=2)
// both migrate it: they take turns, and neither fails on the tables the other made.
import os from "node:os";
import { expect, it } from "vitest";
import { connect } from "@db/client.server";
import { createEmptyTestDatabase, dropTestDatabase, withSql } from "../support/test-database";

it("two processes migrating one empty database at once both succeed, and apply each migration once", async () => {
  const databaseUrl = await createEmptyTestDatabase("club_migrate_together");
  const handles = await Promise.all(
    [1, 2].map(() => connect({ databaseUrl, dataDir: os.tmpdir(), connectTimeoutMs: 5000 })),
  );
  try {
    const results = await Promise.allSettled(handles.map((handle) => handle.migrate()));
    expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "migrated"))).toEqual([
      "migrated",
      "migrated",
    ]);
    const applied = await withSql(databaseUrl, (sql) => sql`select hash from drizzle.__drizzle_migrations`);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(applied.length);
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
    await dropTestDatabase(databaseUrl);
  }
});
