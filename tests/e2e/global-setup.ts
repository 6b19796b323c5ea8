// Before any spec: a fresh PostgreSQL database, the seeded members, then the
// built site on the port playwright.config.ts chose (E2E_PORT). The returned
// function is the teardown: stop the server, drop the database, remove its files.
import type { FullConfig } from "@playwright/test";
import { createMembersWithCli, startClubServer } from "./support/club-server";
import { members } from "./support/members";

export default async function globalSetup(_config: FullConfig) {
  const port = Number(process.env.E2E_PORT);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error("E2E_PORT is not set: playwright.config.ts should have chosen it.");

  const server = await startClubServer({
    name: "shared",
    port,
    beforeStart: async (databaseUrl) => {
      await createMembersWithCli(databaseUrl, Object.values(members));
    },
  });
  return async () => {
    await server.stop();
  };
}
