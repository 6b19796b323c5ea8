// The guard of every state-changing request a browser sends (the rule itself:
// app/base/same-site.server.ts, which apiRoute and the socket handshake share).
import type { RequestHandler } from "express";
import { CROSS_SITE_MESSAGE, isSameSite } from "~/base/same-site.server";
import { plainAnswer } from "./request-limits.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Refuses (403) any state-changing request a browser sent from another site. */
export function refuseCrossSiteWrites(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const facts = { origin: req.headers.origin, host: req.headers.host, fetchSite: req.get("Sec-Fetch-Site") };
    if (isSameSite(facts)) return next();
    plainAnswer(req, res, 403, "Forbidden", CROSS_SITE_MESSAGE);
  };
}
