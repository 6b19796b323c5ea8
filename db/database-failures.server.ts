// Why the club's database could not be used, in one line an operator acts on.
// Drizzle wraps the driver's error in "Failed query: <the SQL>", which named the
// first statement a start or a command ran (CREATE SCHEMA "drizzle") whatever
// went wrong: a closed port, a missing database and a wrong password read alike.
// The cause is in the wrapped error's chain; this finds it and says it.

type Link = { name?: unknown; code?: unknown; message?: unknown; cause?: unknown; address?: unknown; port?: unknown };

/** The errors from `error` down its `cause` chain (bounded: a chain is short, a cycle must not hang). */
function chainOf(error: unknown): Link[] {
  const chain: Link[] = [];
  for (let link = error; link && typeof link === "object" && chain.length < 8; link = (link as Link).cause) {
    chain.push(link as Link);
  }
  return chain;
}

/** Where DATABASE_URL points, without its password. */
function serverOf(url: string): { where: string; user: string; database: string } {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname || parsed.searchParams.get("host") || "localhost";
    return {
      where: `${host}:${parsed.port || "5432"}`,
      user: decodeURIComponent(parsed.username) || "(none)",
      database: decodeURIComponent(parsed.pathname.slice(1)) || "(none)",
    };
  } catch {
    return { where: "(an address that does not parse)", user: "(none)", database: "(none)" };
  }
}

/**
 * One line saying why the database at `url` could not be used: refused, no such
 * host, no such database, authentication failed, or the driver's own words.
 */
export function describeDatabaseFailure(error: unknown, url: string): string {
  const chain = chainOf(error);
  const codes = new Set(chain.map((link) => (typeof link.code === "string" ? link.code : "")));
  const { where, user, database } = serverOf(url);
  if (codes.has("ECONNREFUSED")) {
    return `PostgreSQL at ${where} refused the connection: is it running, and is DATABASE_URL's port right?`;
  }
  if (codes.has("ENOTFOUND") || codes.has("EAI_AGAIN")) {
    return `PostgreSQL's host in DATABASE_URL (${where}) is not known here: check its name.`;
  }
  if (codes.has("3D000"))
    return `PostgreSQL at ${where} has no database "${database}": create it, or fix DATABASE_URL.`;
  if (codes.has("28P01") || codes.has("28000")) {
    return `PostgreSQL at ${where} refused user "${user}": authentication failed (check DATABASE_URL's user and password).`;
  }
  if (codes.has("ETIMEDOUT") || codes.has("CONNECT_TIMEOUT")) {
    return `PostgreSQL at ${where} did not answer in time: is the address right and the server reachable?`;
  }
  // Anything else: the deepest message, which is the driver's or the server's own words.
  const deepest = [...chain].reverse().find((link) => typeof link.message === "string" && link.message);
  return `The club's database could not be used: ${String(deepest?.message ?? error)}`;
}

/** A database that could not be opened or migrated: its message is describeDatabaseFailure's line. */
export class DatabaseFailureError extends Error {
  constructor(error: unknown, url: string) {
    super(describeDatabaseFailure(error, url), { cause: error });
    this.name = "DatabaseFailureError";
  }
}
