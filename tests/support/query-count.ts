// Watching the SQL statements a piece of work sends: the process's database
// handle is swapped, for the duration, for one on the same database whose
// logger records them, so "no query per photo" can be measured rather than
// assumed, and a benchmark can ask PostgreSQL for the plans of what was sent.
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { databaseHandle, writeCounter, type Database, type DatabaseHandle } from "@db/client.server";
import * as schema from "@db/schema";

const holder = globalThis as typeof globalThis & { __clubDatabase?: DatabaseHandle };

export type Statement = { query: string; params: unknown[] };

/** Runs `work` and returns its result with the statements it sent, in order, with their parameters. */
export async function recordStatements<T>(
  databaseUrl: string,
  work: () => Promise<T>,
): Promise<{ result: T; statements: Statement[] }> {
  const original = databaseHandle();
  const client = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const statements: Statement[] = [];
  const recording = drizzle({
    client,
    schema,
    casing: "snake_case",
    logger: {
      logQuery: (query, params) => {
        // Still counted as the app's handle counts them: a request then sees its own writes.
        writeCounter.logQuery(query);
        statements.push({ query, params });
      },
    },
  }) as Database;
  holder.__clubDatabase = { ...original, db: recording };
  try {
    const result = await work();
    return { result, statements };
  } finally {
    holder.__clubDatabase = original;
    await client.end({ timeout: 5 });
  }
}

/** Runs `work` and returns its result with the number of statements it sent. */
export async function countQueries<T>(
  databaseUrl: string,
  work: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const { result, statements } = await recordStatements(databaseUrl, work);
  return { result, queries: statements.length };
}
