// What the site runs besides answering requests: the database (migrated), the
// storage, exiftool, the jobs; started before the server listens (the first-admin
// link of a new club once it listens) and stopped after the last request. Apart from
// app.ts, so a process without the HTTP layer (the crash tests' club-worker.ts)
// starts them without the React Router build, which only Vite or the bundle can load.
import { closeDatabase, openDatabase } from "@db/client.server";
import { env } from "~/env.server";
import { closeExiftool, exiftoolVersion } from "~/images/exif.server";
import { closeRealtime } from "~/realtime/server/realtime.server";
import { deleteExpiredSessions } from "~/services/auth/session.server";
import { closeThrottles } from "~/services/auth/throttle-store.server";
import { closeMail } from "~/services/mail/mail.server";
import { refuseUnmovedClub } from "~/services/club/unmoved-club.server";
import { openFirstAdminSetup } from "~/services/members/first-admin.server";
import { storage } from "~/storage/storage.server";
import { startJobs, stopJobs } from "./jobs.server";
import { logger } from "~/base/logger.server";
import { checkRedis } from "~/base/redis.server";

/**
 * Checks Redis (when set), opens the database and applies migrations. The first-admin link of a
 * new club is announceFirstAdminSetup's, once the server listens: never a link to a site that failed to start.
 */
export async function startServices() {
  const config = env();
  // Before anything is started, so a start refused for it leaves nothing running.
  if (config.REDIS_URL) await checkRedis(config.REDIS_URL, config.DATABASE_CONNECT_TIMEOUT_MS);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    // Without DATABASE_URL this process starts the club's own PostgreSQL and stops it last (stopServices).
    embeddedRole: "site",
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
    // The keeper's words when the server stops and is started again (docs/operations.md, "Outages").
    embeddedLog: {
      warn: (message) => logger().warn(message),
      error: (error, message) => logger().error({ err: error }, message),
    },
  });
  await database.migrate();
  // Never a set-up link over a club this release cannot read in place: stop, saying what to run.
  if (!config.DATABASE_URL) {
    await refuseUnmovedClub(config.DATA_DIR).catch(async (error: unknown) => {
      await closeDatabase();
      throw error;
    });
  }
  await deleteExpiredSessions();
  // The MinIO bucket (or the storage folder) is created when missing.
  await storage().prepare();
  // Photos still process without exiftool, but lose their dates and camera details: say so at once.
  exiftoolVersion().catch((error: unknown) =>
    logger().warn({ err: error }, "exiftool cannot run; is perl installed? Photos will have no EXIF details."),
  );
  // Sweeping abandoned uploads, comment e-mails, meeting reminders (jobs.server.ts).
  startJobs();
  return { database: database.kind, storage: storage().kind };
}

/** Prints the first-admin link of a club with no members (server.ts: once it listens). */
export async function announceFirstAdminSetup() {
  const setupToken = await openFirstAdminSetup();
  if (setupToken) {
    // A warning, so LOG_LEVEL=warn still shows it: until someone follows the link the club has no way in.
    // The one line that carries this secret on purpose (request lines name routes, never addresses).
    logger().warn(
      `\nThis club has no members yet. Create the first admin at:\n  ${env().BASE_URL}/setup/${setupToken}\n` +
        `(or run: npm run user:create -- --admin ...)\n`,
    );
  }
}

export async function stopServices() {
  await stopJobs();
  await closeRealtime();
  closeMail();
  await closeExiftool();
  await closeThrottles();
  await closeDatabase();
}
