// What the in-process benchmarks (comments, ratings, meetings) share: they run
// route modules and services in this process, without a build or a server, on
// PostgreSQL databases of their own.
import os from "node:os";
import path from "node:path";
import { closeDatabase, openDatabase } from "@db/client.server";
import { createTestDatabase, dropTestDatabase } from "../tests/support/test-database";

/** What the server's modules read from the environment, set before they are imported. */
export function setBenchEnvironment() {
  process.env.SESSION_SECRET ??= "bench-session-secret-0123456789-abcdefghij";
  process.env.DATA_DIR ??= path.join(os.tmpdir(), `club-bench-${process.pid}`);
  process.env.BASE_URL ??= "http://bench.test";
}

/**
 * Runs `measure` on a database of its own, made (migrated) and filled by
 * `fill`, then opened as the one db() reads; closed and dropped after.
 */
export async function onOwnDatabase<Filled, T>(
  name: string,
  fill: (databaseUrl: string) => Promise<Filled>,
  measure: (databaseUrl: string, filled: Filled) => Promise<T>,
): Promise<T> {
  setBenchEnvironment();
  const databaseUrl = await createTestDatabase(name);
  try {
    const filled = await fill(databaseUrl);
    await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR! });
    return await measure(databaseUrl, filled);
  } finally {
    await closeDatabase();
    await dropTestDatabase(databaseUrl);
  }
}

/** A session cookie for the member with this username, as a browser would send it. */
export async function cookieOf(username: string): Promise<string> {
  const { createSession } = await import("~/services/auth/session.server");
  const { findUserByUsername } = await import("~/services/members/members.server");
  const member = await findUserByUsername(username);
  return (await createSession(member!.id)).split(";")[0]!;
}

type RouteLoader = (args: {
  request: Request;
  params: Record<string, string>;
  context: { clientAddress: string };
}) => Promise<Response>;

/** GETs `url` through a route module's loader with the cookie; anything but 200 with a non-empty list throws. */
export function listGetter(loader: RouteLoader, cookie: string) {
  return async (url: string) => {
    const request = new Request(url, { headers: { Cookie: cookie } });
    const response = await loader({ request, params: {}, context: { clientAddress: "127.0.0.1" } });
    const body = (await response.json()) as unknown[];
    if (response.status !== 200 || body.length === 0) throw new Error(`${url} answered ${response.status}`);
    return response;
  };
}

/** The number of the last page, from a paged answer's Link header. */
export const lastPageOf = (response: Response) =>
  Number(/[?&]page=(\d+)>; rel="last"/.exec(response.headers.get("Link") ?? "")?.[1]);
