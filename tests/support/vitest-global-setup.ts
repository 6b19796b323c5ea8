// Once per vitest run: the PostgreSQL server (its own, unless DATABASE_URL names
// one) and the migrated template every test file's database is copied from, and
// the Redis the REDIS_URL tests use, if one answers.
import { startTestDatabaseServer } from "./test-database";
import { findTestRedis } from "./test-redis";

export default async function setup() {
  await findTestRedis();
  return startTestDatabaseServer();
}
