// Once per vitest run: the PostgreSQL server (its own, unless DATABASE_URL names
// one) and the migrated template every test file's database is copied from.
import { startTestDatabaseServer } from "./test-database";

export default async function setup() {
  return startTestDatabaseServer();
}
