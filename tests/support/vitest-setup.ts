// Every test file talks to the run's own database (see vitest-global-setup.ts).
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, openDatabase } from "../../db/client.server";

process.env.NODE_ENV = "test";
// Vitest mirrors Vite's import.meta.env into process.env, where BASE_URL is "/";
// ours is the public URL used in e-mailed links.
process.env.BASE_URL = "http://club.test";
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0000";
process.env.DATA_DIR ??= `/tmp/club-vitest-${process.pid}`;

beforeAll(async () => {
  await openDatabase({ databaseUrl: inject("databaseUrl"), dataDir: process.env.DATA_DIR! });
});

afterAll(async () => {
  await closeDatabase();
});
