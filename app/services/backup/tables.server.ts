// The club's tables as a backup sees them: which ones hold the club (and which
// are only the running site's scratch), the order rows can be put back in
// without breaking a foreign key, and the rows themselves as JSON, read and
// written by PostgreSQL itself (row_to_json / json_populate_recordset), so
// every type (timestamps, jsonb, arrays) comes back exactly (also from archives
// of the releases whose embedded database was PGlite).
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "@db/client.server";

type Runner = Database | Transaction;

/**
 * Not part of a club, so neither saved nor put back:
 * - sessions: cookies are signed with the old install's secret, and a backup should not carry logins;
 * - throttle_counts: the throttles' counts of the moment (log-ins, resets, upload starts);
 * - socket_io_attachments: messages in flight between app processes;
 * - storage_removals: files the old storage still had to remove (the archive holds none of them);
 * - data_versions: the running site's cache counters; the new install keeps its own.
 */
export const NOT_BACKED_UP = new Set([
  "sessions",
  "throttle_counts",
  "socket_io_attachments",
  "storage_removals",
  "data_versions",
]);

type ForeignKey = { table: string; column: string; references: string; nullable: boolean };

export type TablePlan = {
  /** The club's tables, each after the tables its required references point to. */
  order: string[];
  /** Columns put back empty at first and filled once every table is in (references in a cycle, or to the same table). */
  later: Map<string, string[]>;
  primaryKeys: Map<string, string[]>;
};

const rows = async <T>(db: Runner, query: ReturnType<typeof sql>) =>
  (await db.execute(query)) as unknown as T[] | { rows: T[] };
const list = <T>(result: T[] | { rows: T[] }): T[] => (Array.isArray(result) ? result : result.rows);

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public tables, their foreign keys and primary keys, as the database knows them. */
export async function planTables(db: Runner): Promise<TablePlan> {
  const tables = list(
    await rows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public'`),
  )
    .map((t) => t.name)
    .filter((name) => !NOT_BACKED_UP.has(name))
    .sort();
  const keys = list(
    await rows<ForeignKey>(
      db,
      sql`select c.conrelid::regclass::text as "table", a.attname as "column",
                 c.confrelid::regclass::text as "references", not a.attnotnull as nullable
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
          where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
    ),
  ).map((key) => ({ ...key, table: unquote(key.table), references: unquote(key.references) }));
  const primary = list(
    await rows<{ table: string; column: string }>(
      db,
      sql`select i.indrelid::regclass::text as "table", a.attname as "column"
          from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indisprimary and i.indrelid::regclass::text not like 'pg_%'`,
    ),
  );
  const primaryKeys = new Map<string, string[]>();
  for (const { table, column } of primary) {
    const name = unquote(table);
    primaryKeys.set(name, [...(primaryKeys.get(name) ?? []), column]);
  }
  return { ...orderTables(tables, keys), primaryKeys };
}

const unquote = (name: string) => name.replace(/^public\./, "").replace(/^"(.*)"$/, "$1");

/**
 * Kahn's order over the references; a cycle (members' pictures are assets,
 * assets are made by members) is broken at a column that may be empty, which
 * is then filled in a second pass, as is any reference to the same table.
 */
export function orderTables(tables: string[], keys: ForeignKey[]): Pick<TablePlan, "order" | "later"> {
  const inScope = new Set(tables);
  let edges = keys.filter((k) => inScope.has(k.table) && inScope.has(k.references) && k.table !== k.references);
  const later = new Map<string, string[]>();
  const defer = (key: ForeignKey) => later.set(key.table, [...(later.get(key.table) ?? []), key.column]);
  for (const key of keys) if (key.table === key.references && inScope.has(key.table) && key.nullable) defer(key);

  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.find((t) => !placed.has(t) && edges.every((e) => e.table !== t || placed.has(e.references)));
    if (ready) {
      order.push(ready);
      placed.add(ready);
      continue;
    }
    // Stuck on a cycle: put one of its references off to the second pass.
    const breakable = edges.find((e) => e.nullable && !placed.has(e.table) && !placed.has(e.references));
    if (!breakable) throw new Error(`The tables' references form a cycle that no empty column can break.`);
    defer(breakable);
    edges = edges.filter((e) => e !== breakable);
  }
  return { order, later };
}

/** Every row of a table as one JSON text each, in primary key order (so a table's own references come first). */
export async function readRows(db: Runner, table: string, primaryKey: string[]): Promise<string[]> {
  const orderBy = primaryKey.length ? `order by ${primaryKey.map(quoted).join(", ")}` : "";
  const result = list(
    await rows<{ row: string }>(
      db,
      sql.raw(`select row_to_json(t)::text as row from (select * from ${quoted(table)} ${orderBy}) t`),
    ),
  );
  return result.map((r) => r.row);
}

/** Puts rows back as they were, ids included; `empty` columns go in as null for the second pass. */
export async function insertRows(tx: Transaction, table: string, jsonRows: string[], empty: string[] = []) {
  const strip = (text: string) => {
    if (!empty.length) return text;
    const row = JSON.parse(text) as Record<string, unknown>;
    for (const column of empty) row[column] = null;
    return JSON.stringify(row);
  };
  for (let start = 0; start < jsonRows.length; start += 500) {
    const batch = `[${jsonRows
      .slice(start, start + 500)
      .map(strip)
      .join(",")}]`;
    await tx.execute(
      sql`insert into ${sql.raw(quoted(table))} overriding system value
          select * from json_populate_recordset(null::${sql.raw(quoted(table))}, ${batch}::json)`,
    );
  }
}

/** The second pass: the columns put off, set from the saved rows by primary key. */
export async function fillLaterColumns(
  tx: Transaction,
  table: string,
  jsonRows: string[],
  columns: string[],
  primaryKey: string[],
) {
  if (!columns.length || !jsonRows.length) return;
  const set = columns.map((c) => `${quoted(c)} = saved.${quoted(c)}`).join(", ");
  const match = primaryKey.map((c) => `t.${quoted(c)} = saved.${quoted(c)}`).join(" and ");
  for (let start = 0; start < jsonRows.length; start += 500) {
    const batch = `[${jsonRows.slice(start, start + 500).join(",")}]`;
    await tx.execute(
      sql`update ${sql.raw(quoted(table))} as t set ${sql.raw(set)}
          from json_populate_recordset(null::${sql.raw(quoted(table))}, ${batch}::json) as saved
          where ${sql.raw(match)}`,
    );
  }
}

/** After ids were put back by hand, each id sequence continues after the largest. */
export async function resetSequences(tx: Transaction, tables: string[]) {
  for (const table of tables) {
    const serials = list(
      await rows<{ column: string; sequence: string }>(
        tx,
        sql`select a.attname as "column", pg_get_serial_sequence(${quoted(table)}, a.attname) as "sequence"
            from pg_attribute a
            where a.attrelid = ${quoted(table)}::regclass and a.attnum > 0 and not a.attisdropped
              and pg_get_serial_sequence(${quoted(table)}, a.attname) is not null`,
      ),
    );
    for (const { column, sequence } of serials) {
      await tx.execute(
        sql.raw(
          `select setval('${sequence.replace(/'/g, "''")}', coalesce((select max(${quoted(column)}) from ${quoted(table)}), 1), ` +
            `(select max(${quoted(column)}) from ${quoted(table)}) is not null)`,
        ),
      );
    }
  }
}

/** How many rows a table holds (the restore's emptiness check). */
export async function countRows(db: Runner, table: string): Promise<number> {
  const [row] = list(await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${quoted(table)}`)));
  return row?.n ?? 0;
}
