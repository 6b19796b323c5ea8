// The benchmarks that compare a small club with a big one in this process
// (meetings, results) each keep two databases of their own, and point the
// services at one or the other through the handle db/client.server reads.
import { connect, type DatabaseHandle } from "@db/client.server";
import { createTestDatabase, dropTestDatabase } from "../tests/support/test-database";

/** Where db/client.server finds the open database: the services read whichever club was set last. */
export const holder = globalThis as typeof globalThis & { __clubDatabase?: DatabaseHandle };

export type ClubDatabase = { handle: DatabaseHandle; url: string };

/** A new, migrated database of this name, connected. */
export async function createClubDatabase(name: string): Promise<ClubDatabase> {
  const url = await createTestDatabase(name);
  return { url, handle: await connect({ databaseUrl: url, dataDir: "unused" }) };
}

/** Runs `work` against a club's database. */
export const on =
  <T>(club: ClubDatabase, work: () => Promise<T>) =>
  async () => {
    holder.__clubDatabase = club.handle;
    return work();
  };

/** Closes the clubs' connections and drops their databases, whatever the bench came to. */
export async function dropClubDatabases(...clubs: ClubDatabase[]) {
  for (const club of clubs) await club.handle.close();
  holder.__clubDatabase = undefined;
  for (const club of clubs) await dropTestDatabase(club.url);
}
