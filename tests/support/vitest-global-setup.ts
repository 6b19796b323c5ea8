// Once per vitest run: the PostgreSQL server (its own, unless DATABASE_URL names
// one) and the migrated template every test file's database is copied from, the
// Redis the REDIS_URL tests use, if one answers, whether the built site is fresh
// enough for the HTTP tests to load it instead of compiling it (http-app.ts), and
// the bundles of the helper scripts tests start as processes (process-scripts.ts).
import { buildIsFresh } from "../../scripts/build-freshness.mjs";
import { bundleProcessScripts } from "./process-scripts";
import { startTestDatabaseServer } from "./test-database";
import { findTestRedis } from "./test-redis";

export default async function setup() {
  await findTestRedis();
  // Read by the test files' processes, which inherit this one's environment.
  process.env.TEST_SITE_FROM ??= buildIsFresh() ? "build" : "sources";
  const removeBundles = await bundleProcessScripts();
  const stopDatabase = await startTestDatabaseServer();
  return async () => {
    await stopDatabase();
    await removeBundles();
  };
}
