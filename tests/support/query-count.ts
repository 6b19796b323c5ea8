// Counting the SQL statements a piece of work sends: the process's database
// handle is swapped, for the duration, for one on the same database whose
// logger counts, so "no query per photo" can be measured rather than assumed.
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { databaseHandle, type Database, type DatabaseHandle } from "@db/client.server";
import * as schema from "@db/schema";

const holder = globalThis as typeof globalThis & { __clubDatabase?: DatabaseHandle };

/** Runs `work` and returns its result with the number of statements it sent. */
export async function countQueries<T>(
  databaseUrl: string,
  work: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const original = databaseHandle();
  const client = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  let queries = 0;
  const counting = drizzle({
    client,
    schema,
    casing: "snake_case",
    logger: { logQuery: () => void queries++ },
  }) as Database;
  holder.__clubDatabase = { ...original, db: counting };
  try {
    const result = await work();
    return { result, queries };
  } finally {
    holder.__clubDatabase = original;
    await client.end({ timeout: 5 });
  }
}
