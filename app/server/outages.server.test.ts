import { describe, expect, it } from "vitest";
import { markDatabaseOutage } from "@db/database-socket.server";
import { UnavailableError } from "~/services/errors.server";
import { DISK_FULL_MESSAGE, isDatabaseOutage, isStorageOutage, refusalOf } from "./outages.server";

const postgresError = (code: string) => Object.assign(new Error("server says no"), { name: "PostgresError", code });
const failedQuery = (cause: unknown) =>
  Object.assign(new Error("Failed query: select 1"), { name: "DrizzleQueryError", cause });

describe("isDatabaseOutage", () => {
  it("names the database when its server runs out of disk or memory, or its disk fails", () => {
    for (const code of ["53100", "53200", "58030"]) {
      expect(isDatabaseOutage(failedQuery(postgresError(code)))).toBe(true);
    }
    // A refusal of ours the server reports (a unique key) is not an outage.
    expect(isDatabaseOutage(failedQuery(postgresError("23505")))).toBe(false);
  });

  it("answers PostgreSQL's own full disk 507, saying so, not 'try again in a minute'", () => {
    const refusal = refusalOf(failedQuery(postgresError("53100")));
    expect(refusal).toBeInstanceOf(UnavailableError);
    expect(refusal).toMatchObject({ status: 507, message: DISK_FULL_MESSAGE });
    // Out of memory is an outage that passes: 503.
    expect(refusalOf(failedQuery(postgresError("53200")))).toMatchObject({ status: 503 });
  });

  it("names the database, not the storage, for any error of its socket (a Unix socket gone: ENOENT)", () => {
    const gone = markDatabaseOutage(Object.assign(new Error("connect ENOENT"), { code: "ENOENT" }));
    expect(isDatabaseOutage(gone)).toBe(true);
    expect(isStorageOutage(gone)).toBe(false);
  });
});
