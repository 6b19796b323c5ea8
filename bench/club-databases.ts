// The benchmarks that compare a small club with a big one in this process
// (meetings, results) each keep two databases of their own, and point the
// services at one or the other through the handle db/client.server reads.
import { connect, type DatabaseHandle } from "@db/client.server";
import * as schema from "@db/schema";
import { createTestDatabase, dropTestDatabase, withSql } from "../tests/support/test-database";

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

/** The club's first member, as a member (not an admin) sees the pages. */
export async function memberOf(club: ClubDatabase) {
  const [member] = await club.handle.db.select().from(schema.users).orderBy(schema.users.id).limit(1);
  return { ...member!, isAdmin: false };
}

/** The id of the club's first meeting of `year` (a night, or a competition). */
export async function firstMeetingOf(club: ClubDatabase, year: number): Promise<number> {
  const [row] = await withSql(
    club.url,
    (sql) =>
      sql<{ id: number }[]>`
      select id from meetings where starts_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC')
      order by starts_at limit 1`,
  );
  return row!.id;
}

/** EXPLAIN (ANALYZE, BUFFERS) of one statement with its parameters, on the club's database. */
export async function planOf(club: ClubDatabase, text: string, params: unknown[]): Promise<string> {
  return withSql(club.url, async (sql) => {
    const rows = await sql.unsafe(`explain (analyze, buffers, costs off, timing off) ${text}`, params as never[]);
    return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
  });
}
