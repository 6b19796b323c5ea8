// The data versions (db/schema.ts: data_versions): counters that move when a
// transaction changing the tables behind them commits. What the server keeps in
// memory between requests (a session's member, photo counts, list pages, photo
// rows) is stored under the version it was read at and used only while the
// version read for this request is the same, so it is exact, also across several
// server processes: a deactivated member is refused on the next request.
//
// One small query per request instead of every query the cached work needs.
// Requests that arrive while that query is on its way share the next one (sent
// after they arrived, so it sees every commit before them): one in flight at a time.
import { eq } from "drizzle-orm";
import { databaseHandle, db } from "@db/client.server";
import { dataVersions as versionsTable } from "@db/schema";

export type DataVersions = {
  members: number;
  photos: number;
  /** The database they were read from (tests open one database after another: their counters start alike). */
  database: object;
};

/** Inside `transaction(...)` the caches step aside: the transaction may hold changes nobody else sees yet. */
export function inTransaction(): boolean {
  return db() !== databaseHandle().db;
}

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
