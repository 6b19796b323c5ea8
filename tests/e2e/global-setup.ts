// Before any spec: the run's PostgreSQL (its own embedded server unless
// DATABASE_URL names one) and migrated template, a fresh database for the shared
// site, the seeded members, then the built site on the port playwright.config.ts
// chose (E2E_PORT). Workers inherit the environment set here, so every spec's own
// servers copy the same template. The returned function is the teardown.
import type { FullConfig } from "@playwright/test";
import { createMembers, startClubServer } from "./support/club-server";
import { members } from "./support/members";
import { startTestDatabaseServer } from "../support/test-database";

export default async function globalSetup(_config: FullConfig) {
  const port = Number(process.env.E2E_PORT);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error("E2E_PORT is not set: playwright.config.ts should have chosen it.");

  const stopDatabaseServer = await startTestDatabaseServer();
  const server = await startClubServer({
    name: "shared",
    port,
    beforeStart: async (databaseUrl) => {
      await createMembers(databaseUrl, Object.values(members));
    },
  });
  return async () => {
    await server.stop();
    await stopDatabaseServer();
  };
}
