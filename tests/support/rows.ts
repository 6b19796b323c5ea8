// Clean-up for tests on the shared test database: rows a test made for itself
// go again, out of the way of the other suites' lists and counts.
import { inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "@db/client.server";

/** Deletes these rows (by id) from the table. */
export async function deleteRowsById(table: PgTable & { id: PgColumn }, rows: { id: number }[]) {
  await db()
    .delete(table)
    .where(
      inArray(
        table.id,
        rows.map((row) => row.id),
      ),
    );
}
