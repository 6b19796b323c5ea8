// A second club process for the throttle tests: opens the database, makes
// attempts against one throttle, prints what happened as JSON, exits.
// Run: node --import tsx tests/support/throttle-process.ts <command> ...
//   log-in N <identifier> <address>   N log-in attempts, one after the other, that fail
//   resets N <address>                N reset requests at once (for unknown addresses)
//   uploads N <memberId>              N upload starts at once
// with DATABASE_URL (and REDIS_URL) in its environment, as a server would have.
// With DATABASE_URL empty it opens THROTTLE_PROCESS_DATABASE_URL instead, as a
// site without DATABASE_URL opens the server it runs itself: the throttles must
// count in that database all the same.
import { closeDatabase, openDatabase } from "@db/client.server";
import { countLoginAttempt } from "~/services/auth/login-throttle.server";
import { closeThrottles } from "~/services/auth/throttle-store.server";
import { InvalidError, RateLimitedError } from "~/services/errors.server";
import { requestPasswordReset } from "~/services/members/passwords.server";
import { countAnnouncement } from "~/services/uploads/upload-quota.server";

export type Outcome = { allowed: number; refused: number; retryAfterMs: number };

const [command, count, ...rest] = process.argv.slice(2) as [string, string, ...string[]];

/** Tallies attempts: refused with 429 by the throttle, or let past it (an unknown address's 422 too). */
async function tally(attempts: Promise<unknown>[]): Promise<Outcome> {
  const outcome: Outcome = { allowed: 0, refused: 0, retryAfterMs: 0 };
  for (const settled of await Promise.allSettled(attempts)) {
    if (settled.status === "fulfilled" || settled.reason instanceof InvalidError) outcome.allowed++;
    else if (settled.reason instanceof RateLimitedError) outcome.refused++;
    else throw settled.reason;
  }
  return outcome;
}

await openDatabase({
  databaseUrl: process.env.DATABASE_URL || process.env.THROTTLE_PROCESS_DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? "/tmp",
});
try {
  const n = Number(count);
  let outcome: Outcome;
  if (command === "log-in") {
    const [identifier, address] = rest as [string, string];
    outcome = { allowed: 0, refused: 0, retryAfterMs: 0 };
    for (let i = 0; i < n; i++) {
      const attempt = await countLoginAttempt(identifier, address);
      if (attempt.allowed) outcome.allowed++;
      else {
        outcome.refused++;
        outcome.retryAfterMs = attempt.retryAfterMs;
      }
    }
  } else if (command === "resets") {
    const [address] = rest as [string];
    const email = (i: number) => `nobody-${process.pid}-${i}@example.com`;
    outcome = await tally(Array.from({ length: n }, (_, i) => requestPasswordReset({ email: email(i) }, address)));
  } else if (command === "uploads") {
    const [memberId] = rest as [string];
    outcome = await tally(Array.from({ length: n }, () => countAnnouncement(Number(memberId))));
  } else {
    throw new Error(`Unknown command ${command}`);
  }
  console.log(JSON.stringify(outcome));
} finally {
  await closeThrottles();
  await closeDatabase();
}
