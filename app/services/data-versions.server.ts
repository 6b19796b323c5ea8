// The data versions (db/schema.ts: data_versions): counters that move when a
// transaction changing the tables behind them commits. What the server keeps in
// memory between requests (a session's member, photo counts, list pages, photo
// rows) is stored under the version it was read at and used only while the
// version read for this request is the same, so it is exact, also across several
// server processes: a deactivated member is refused on the next request.
//
// One small query per request instead of every query the cached work needs, read
// where the kept values are used (requestVersions), never handed in by a caller:
// a caller holding versions from before a write could be served what the write
// changed. Requests that arrive while that query is on its way share the next one
// (sent after they arrived, so it sees every commit before them): one in flight at a time.
import { eq } from "drizzle-orm";
import { databaseHandle, inTransaction, writesSoFar } from "@db/client.server";
import { dataVersions as versionsTable } from "@db/schema";
import { requestScope } from "~/base/request-context.server";

export type DataVersions = {
  members: number;
  photos: number;
  /** The database they were read from (tests open one database after another: their counters start alike). */
  database: object;
};

async function readVersions(): Promise<DataVersions> {
  const database = databaseHandle();
  const [row] = await database.db
    .select({ members: versionsTable.members, photos: versionsTable.photos })
    .from(versionsTable)
    .where(eq(versionsTable.id, 1));
  // A database whose migrations have not run yet has no row: nothing may be kept.
  if (!row) throw new Error("data_versions has no row: are the migrations applied?");
  return { ...row, database };
}

let running: Promise<unknown> = Promise.resolve();
let next: Promise<DataVersions> | null = null;

/** The versions as committed now (read after this call, shared with the calls waiting with it). */
export function currentDataVersions(): Promise<DataVersions> {
  if (next) return next;
  const query: Promise<DataVersions> = running.then(() => {
    if (next === query) next = null; // from here on, callers wait for the query after this one
    return readVersions();
  });
  next = query;
  running = query.catch(() => undefined);
  return query;
}

// What each request read, with this process's write count then (db/client.server.ts).
const readByRequest = new WeakMap<object, { versions: Promise<DataVersions>; writes: number }>();

/**
 * The versions to read kept values at: read at most once per request, and again
 * after this process wrote (its own write is seen by the same request's next
 * read); outside a request, read each time. Null inside `transaction(...)`: the
 * caches step aside, since it may hold changes nobody else sees yet.
 */
export async function requestVersions(): Promise<DataVersions | null> {
  if (inTransaction()) return null;
  const scope = requestScope();
  if (!scope) return currentDataVersions();
  const writes = writesSoFar();
  const known = readByRequest.get(scope);
  if (known?.writes === writes) return known.versions;
  const read = { versions: currentDataVersions(), writes };
  readByRequest.set(scope, read);
  // A failed read (an outage) is not kept: the next call asks again.
  read.versions.catch(() => {
    if (readByRequest.get(scope) === read) readByRequest.delete(scope);
  });
  return read.versions;
}

/**
 * A bounded map of what was read at one version: emptied when a newer version
 * is seen, and never given entries of an older one (a slow request's answer).
 */
export class VersionedCache<V> {
  private database: object | null = null;
  private version = -1;
  private entries = new Map<string, V>();
  constructor(
    private readonly counter: "members" | "photos",
    private readonly maxEntries: number,
  ) {}

  get(at: DataVersions, key: string): V | undefined {
    return at.database === this.database && at[this.counter] === this.version ? this.entries.get(key) : undefined;
  }

  set(at: DataVersions, key: string, value: V) {
    const version = at[this.counter];
    if (at.database === this.database && version < this.version) return;
    if (at.database !== this.database || version > this.version) {
      this.database = at.database;
      this.version = version;
      this.entries.clear();
    }
    // Oldest first out: a Map keeps insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  /** Everyone's entries go (tests that change the database behind the server's back). */
  clear() {
    this.database = null;
    this.version = -1;
    this.entries.clear();
  }
}
