// The server bundle's entry (see vite.config.ts): the Express app that serves
// React Router, plus the start/stop of everything it needs. server.ts loads
// this module once, so the app, socket.io and the database share one instance.
import "react-router";
import express from "express";
import { closeDatabase, openDatabase } from "@db/client.server";
import { env, type Env } from "~/env.server";
import { closeExiftool, exiftoolVersion } from "~/images/exif.server";
import { closeRealtime } from "~/realtime/realtime.server";
import { openFirstAdminSetup } from "~/services/members/first-admin.server";
import { health } from "~/server/health.server";
import { closeMail } from "~/services/mail/mail.server";
import { deleteExpiredSessions } from "~/services/auth/session.server";
import { closeThrottles } from "~/services/auth/throttle-store.server";
import { storage } from "~/storage/storage.server";
import { startJobs, stopJobs } from "./jobs.server";
import { PHOTO_MEDIA_PATH, photoMedia } from "./media/photo-media-route.server";
import { reactRouterHandler } from "./react-router-handler.server";
import { requestLogger } from "./logger.server";
import { answerOutages } from "./outages.server";
import { forwardedOrigin, siteOrigin } from "./public-origin.server";
import { runWithRequestFacts } from "./request-context.server";
import { privateByDefault, quietErrors, refuseLargeBodies } from "./request-limits.server";
import { refuseCrossSiteWrites } from "./same-site.server";
import { securityHeaders } from "./security-headers.server";

export { attachRealtime } from "~/realtime/realtime.server";

// As server.ts decides: only an explicit NODE_ENV=development serves through Vite
// (env() defaults NODE_ENV to development, but a bare `npm start` is production).
const development = () => process.env.NODE_ENV === "development";

/** The helmet options of this configuration (server.ts puts them on the static files too). */
export function securityOptions(config: Env) {
  return {
    development: development(),
    production: config.NODE_ENV === "production",
    baseUrl: config.BASE_URL,
    storageUrl: config.S3_ENDPOINT ? (config.S3_PUBLIC_URL ?? config.S3_ENDPOINT) : undefined,
  };
}

/** The site for one configuration (tests make their own with other settings). */
export function createClubApp(config: Env) {
  const club = express();
  club.disable("x-powered-by");
  // X-Forwarded-For/-Host/-Proto count only from the proxies TRUST_PROXY names.
  club.set("trust proxy", config.TRUST_PROXY);

  // One line per request, with an id every line logged while answering it carries.
  club.use(requestLogger({ trustRequestId: (req) => club.get("trust proxy fn")(req.socket.remoteAddress, 0) }));
  club.use((req, _res, next) => {
    runWithRequestFacts(
      {
        clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        // Links in the answer name BASE_URL's origin, never the Host a client sent (public-origin.server.ts).
        publicOrigin: forwardedOrigin(req) ?? siteOrigin(config.BASE_URL),
      },
      next,
    );
  });
  club.use(securityHeaders(securityOptions(config)));
  club.use(privateByDefault());
  club.use(refuseLargeBodies(() => config.REQUEST_MAX_BYTES));
  club.use(refuseCrossSiteWrites());

  // Public: which part is down, never why (health.server.ts logs that).
  club.get("/healthz", async (_req, res) => {
    const report = await health();
    res.status(report.ok ? 200 : 503).json(report);
  });

  // Photo images, the most asked-for answers, without React Router's pipeline (media/photo-media-route.server.ts).
  club.get(PHOTO_MEDIA_PATH, photoMedia());

  club.all(
    "/{*splat}",
    reactRouterHandler({
      // A stopped or frozen database or storage answers 503 from any loader or action (outages.server.ts).
      build: () => import("virtual:react-router/server-build").then(answerOutages),
      mode: development() ? "development" : "production",
      bodyLimit: () => config.REQUEST_MAX_BYTES,
    }),
  );
  club.use(quietErrors());
  return club;
}

export const app = createClubApp(env());

/** The security headers alone, for what server.ts serves before the app (the built assets). */
export const assetHeaders = () => securityHeaders(securityOptions(env()));

/** Opens the database, applies migrations, and prints the first-admin link for a new club. */
export async function startServices() {
  const config = env();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    // Without DATABASE_URL this process starts the club's own PostgreSQL and stops it last (stopServices).
    embeddedRole: "site",
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
  });
  await database.migrate();
  await deleteExpiredSessions();
  // The MinIO bucket (or the storage folder) is created when missing.
  await storage().prepare();
  // Photos still process without exiftool, but lose their dates and camera details: say so at once.
  exiftoolVersion().catch((error) =>
    console.warn(
      `exiftool cannot run (${(error as Error).message}); is perl installed? Photos will have no EXIF details.`,
    ),
  );
  // Sweeping abandoned uploads, comment e-mails, meeting reminders (jobs.server.ts).
  startJobs();
  const setupToken = await openFirstAdminSetup();
  if (setupToken) {
    console.log(
      `\nThis club has no members yet. Create the first admin at:\n  ${config.BASE_URL}/setup/${setupToken}\n` +
        `(or run: npm run user:create -- --admin ...)\n`,
    );
  }
  return { database: database.kind, storage: storage().kind };
}

export async function stopServices() {
  await stopJobs();
  await closeRealtime();
  closeMail();
  await closeExiftool();
  await closeThrottles();
  await closeDatabase();
}
