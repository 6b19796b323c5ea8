// The benchmarks' PostgreSQL server, as the tests have it (tests/support/test-database.ts):
// DATABASE_URL's (or TEST_DATABASE_SERVER_URL's) server, else one embedded server started
// for the run on a loopback port; and the migrated template every club's database copies.
// Every entry point that makes databases (startClub, startClubServer, createTestDatabase)
// runs inside withDatabaseServer, in the process that makes them.
import { startTestDatabaseServer } from "../tests/support/test-database";

/** Runs `work` with the run's database server and template; removes both after (also on Ctrl-C). */
export async function withDatabaseServer<T>(work: () => Promise<T>): Promise<T> {
  ownServer = !process.env.TEST_DATABASE_SERVER_URL && !process.env.DATABASE_URL;
  const stop = await startTestDatabaseServer();
  // The run's own server is detached (its own process group): a Ctrl-C does not reach it.
  const interrupted = (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: stopping the benchmark's database server`);
    void stop().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    return await work();
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await stop();
  }
}

let ownServer = false;

/** Where the "PostgreSQL server" clubs' databases live, for the figures' labels. */
export function databaseServerLabel(): string {
  const url = process.env.TEST_DATABASE_SERVER_URL || process.env.DATABASE_URL;
  const host = url ? new URL(url).host : "none";
  return ownServer ? `the run's own at ${host}: the embedded binaries with the tests' settings` : `${host}`;
}
