// A second club process for the throttle tests: opens the database, records
// log-in failures or reads the throttle, prints what it saw as JSON, exits.
// Run: node --import tsx tests/support/throttle-process.ts <fail N | retry-after> <identifier> <address>
// with DATABASE_URL (and REDIS_URL) in its environment, as a server would have.
import { closeDatabase, openDatabase } from "@db/client.server";
import { loginRetryAfterMs, recordLoginFailure } from "~/services/auth/login-throttle.server";
import { closeThrottles } from "~/services/auth/throttle-store.server";

const [command, ...rest] = process.argv.slice(2);
await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? "/tmp" });
try {
  if (command === "fail") {
    const [count, identifier, address] = rest as [string, string, string];
    for (let i = 0; i < Number(count); i++) await recordLoginFailure(identifier, address);
    console.log(JSON.stringify({ retryAfterMs: await loginRetryAfterMs(identifier, address) }));
  } else {
    const [identifier, address] = rest as [string, string];
    console.log(JSON.stringify({ retryAfterMs: await loginRetryAfterMs(identifier, address) }));
  }
} finally {
  await closeThrottles();
  await closeDatabase();
}
