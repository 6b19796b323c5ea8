// One Node process serves everything: React Router (Vite middleware in
// development, the built bundle otherwise), static assets, socket.io on the
// same HTTP server, and /healthz. SIGTERM/SIGINT shut it down cleanly.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { EnvError, parseEnv } from "./app/env.server";
import { logger } from "./app/base/logger.server";

type ClubModule = typeof import("./app/server/app");

let config;
try {
  config = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) {
    // Not through the log: the settings it reads (LOG_LEVEL among them) are the ones refused.
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const development = process.env.NODE_ENV === "development";
const web = express();
web.disable("x-powered-by");
// Once SIGTERM has come, each answer closes its connection, so none is kept for a next request.
let stopping = false;
web.use((_req, res, next) => {
  if (stopping) res.setHeader("Connection", "close");
  next();
});
// X-Forwarded-For/-Host/-Proto are believed only from the proxies TRUST_PROXY names
// (Express's 'trust proxy': "true", a number of hops, or addresses, CIDR ranges and
// loopback/linklocal/uniquelocal, comma-separated). Unset, no proxy is trusted: a
// client could otherwise choose the address the throttle sees and the host of the
// links the site writes. The app (app/server/app.ts) applies the same setting.
web.set("trust proxy", config.TRUST_PROXY);
web.use(compression());

let club: ClubModule;
if (development) {
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  web.use(vite.middlewares);
  club = (await vite.ssrLoadModule("./app/server/app.ts")) as ClubModule;
  web.use(async (req, res, next) => {
    try {
      // Reloaded per request so edits show without a restart.
      const fresh = (await vite.ssrLoadModule("./app/server/app.ts")) as ClubModule;
      fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  club = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ClubModule;
  // The same security headers on the built assets as on every page.
  web.use(club.assetHeaders());
  // Fingerprinted assets never change; everything else may.
  web.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  // The few other files (favicon.svg): looked up only for their own paths, since
  // express.static would otherwise stat the disk for every page and API request.
  const clientFiles = new Set(fs.readdirSync("build/client").map((name) => `/${name}`));
  const clientFile = express.static("build/client", { maxAge: "1h" });
  web.use((req, res, next) => (clientFiles.has(req.path) ? clientFile(req, res, next) : next()));
  // The app logs each request itself (app/base/logger.server.ts).
  web.use(club.app);
}

/** One fatal line saying why, then whatever was started (the embedded database last) is stopped. */
async function refuseToStart(reason: string, error: unknown): Promise<never> {
  logger().fatal({ err: error }, `Could not start: ${reason}`);
  await club.stopServices().catch(() => {});
  process.exit(1);
}

try {
  await club.startServices();
} catch (error) {
  await refuseToStart((error as Error).message, error);
}
// A React Router whose pages the first-photo rewrite no longer recognises is said once, here.
await club.checkFirstPhotoFirst();

// Connections bounded per address and in all, a silent one closed after HTTP_HEADERS_TIMEOUT_SECONDS,
// an idle one after HTTP_KEEP_ALIVE_SECONDS (65 by default: a proxy in front keeps idle connections
// about 60 s, and the server must keep them longer, or one it closes as the proxy sends on it is reset).
const server = club.createClubServer(web, club.connectionLimits(config));
const realtime = club.attachRealtime(server);
const graceSeconds = config.SHUTDOWN_GRACE_SECONDS;

// A port in use or a HOST that is not this machine's: one line with the cause, and no set-up link.
server.once("error", (error) => void refuseToStart(club.listenFailure(error, config.HOST, config.PORT), error));
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger().info(
    `${config.SITE_TITLE} is listening on http://${config.HOST}:${port} (${development ? "development" : "production build"})`,
  );
  club
    .announceFirstAdminSetup()
    .catch((error: unknown) => logger().error({ err: error }, "Could not open the first admin's set-up"));
});

/**
 * SIGTERM (a restart, an upgrade) or SIGINT: stop taking connections, let the
 * requests in flight finish (an upload being processed completes; one cut off
 * by the grace period is undone at the next start), tell live sockets to
 * reconnect (to the next process), then stop the jobs, mail, exiftool and the
 * database, and exit 0, all within SHUTDOWN_GRACE_SECONDS.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  // A warning, so LOG_LEVEL=warn still says why the site stopped answering.
  logger().warn(`${signal} received: shutting down`);
  setTimeout(() => {
    logger().error(
      `Requests still running after SHUTDOWN_GRACE_SECONDS (${graceSeconds} s); exiting. ` +
        "What they left half done is cleaned up at the next start.",
    );
    process.exit(1);
  }, graceSeconds * 1000).unref();
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  // Connections idle between requests are closed now, and each one as its request ends.
  server.closeIdleConnections();
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
  // Closed at the transport (not a server-side disconnect), so socket.io clients reconnect.
  realtime.engine.close();
  await drained;
  clearInterval(idleSweep);
  await club.stopServices(); // the jobs' turns under way, sockets, mail, exiftool, then the database
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
