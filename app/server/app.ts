// The server bundle's entry (see vite.config.ts): the Express app that serves
// React Router, plus the start/stop of everything it needs. server.ts loads
// this module once, so the app, socket.io and the database share one instance.
import { createRequestHandler } from "@react-router/express";
import express from "express";
import * as build from "virtual:react-router/server-build";
import { env, type Env } from "~/env.server";
import { health } from "~/server/health.server";
import { PHOTO_MEDIA_PATH, photoMedia } from "./media/photo-media-route.server";
import { requestLogger } from "~/base/logger.server";
import { routeNames } from "./route-names.server";
import { forwardedOrigin, refuseMalformedAddresses, siteOrigin } from "./public-origin.server";
import { runWithRequestFacts } from "~/base/request-context.server";
import { dropUnreadBodies, refuseLargeBodies } from "./body-limit.server";
import { privateByDefault, quietErrors } from "./request-limits.server";
import { refuseCrossSiteWrites } from "./cross-site.server";
import { cspNonce, securityHeaders } from "./security-headers.server";

export { attachRealtime } from "~/realtime/server/realtime.server";
export { connectionLimits, createClubServer } from "./connections.server";
export { listenFailure } from "./listen-failure.server";
export { announceFirstAdminSetup, startServices, stopServices } from "./services.server";
export { checkFirstPhotoFirst } from "./first-photo-check.server";
// The settings this module's site reads (the tests serve it with others: tests/support/http-app.ts).
export { env } from "~/env.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The nonce of this response's Content-Security-Policy (entry.server.tsx puts it on the inline scripts). */
    cspNonce?: string;
    /** The client's address (the proxy's word for it only from one TRUST_PROXY names): throttles key on it. */
    clientAddress: string;
  }
}

// As server.ts decides: only an explicit NODE_ENV=development serves through Vite
// (env() defaults NODE_ENV to development, but a bare `npm start` is production).
const development = () => process.env.NODE_ENV === "development";

/** The client's address as Express trusts it (X-Forwarded-For only from a proxy TRUST_PROXY names). */
const addressOf = (req: express.Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

/** The route pattern each request target reaches, for the log (never the address: it may carry a token). */
const routesOf = routeNames(build.routes);

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

  // One line per request, named by its route's pattern, with an id every line logged while answering it carries.
  club.use(
    requestLogger({
      routeOf: routesOf,
      clientOf: (req) => addressOf(req as express.Request),
      trustRequestId: (req) => club.get("trust proxy fn")(req.socket.remoteAddress, 0),
    }),
  );
  club.use((req, _res, next) => {
    runWithRequestFacts(
      {
        clientAddress: addressOf(req),
        bodyLimit: config.REQUEST_MAX_BYTES,
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
    refuseMalformedAddresses(),
    dropUnreadBodies(() => config.REQUEST_MAX_BYTES),
    createRequestHandler({
      // The build object, imported once: React Router derives its route tables once for an object,
      // but on every request for a build function. Every route module's loader and action answers
      // its own refusals (page() or apiRoute: tests/integration/route-modules.test.ts).
      build,
      mode: development() ? "development" : "production",
      getLoadContext: (req, res) => ({ cspNonce: cspNonce(res), clientAddress: addressOf(req) }),
    }),
  );
  club.use(quietErrors());
  return club;
}

export const app = createClubApp(env());

/** The security headers alone, for what server.ts serves before the app (the built assets). */
export const assetHeaders = () => securityHeaders(securityOptions(env()));
