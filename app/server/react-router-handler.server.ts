// Express to React Router, as @react-router/express does it, with three changes:
// the URL the app sees is built only from what Express trusts (X-Forwarded-Host
// and -Proto count only behind a proxy TRUST_PROXY names), the body is counted
// as it streams (413 past the limit, chunked bodies included), and the loaders
// get this response's CSP nonce (entry.server.tsx puts it on React Router's
// inline scripts).
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { HOST } from "./public-origin.server";
import { countedBody, isStreamedUpload, plainAnswer, refuseTooLarge } from "./request-limits.server";
import { cspNonce } from "./security-headers.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The nonce of this response's Content-Security-Policy. */
    cspNonce?: string;
  }
}

/** The URL of the request as the app may trust it; null when the host or target is malformed. */
export function requestUrl(req: ExpressRequest): URL | null {
  // req.host and req.protocol read X-Forwarded-Host/-Proto only when 'trust proxy' trusts the peer.
  const host = req.host ?? "localhost";
  if (!HOST.test(host) || !req.originalUrl.startsWith("/")) return null;
  try {
    const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
    // A NUL in the path names no page and no database text may hold one (PostgreSQL refuses it: a 500).
    return /%00/.test(url.pathname) ? null : url;
  } catch {
    return null;
  }
}

function reactRouterRequest(req: ExpressRequest, res: ExpressResponse, url: URL, bodyLimit: number): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const source = isStreamedUpload(req)
      ? req
      : countedBody(req, bodyLimit, () => {
          refuseTooLarge(req, res, bodyLimit);
          controller.abort();
        });
    init.body = createReadableStreamFromReadable(source);
    init.duplex = "half";
    // A body the route never read is drained and dropped once answered, as Node does for
    // an unread request, so the connection can carry the next request.
    res.on("finish", () => {
      if (source !== req && !req.complete) {
        req.unpipe();
        req.resume();
      }
    });
  }
  return new Request(url, init);
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded || res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

export function reactRouterHandler(options: {
  build: () => Promise<ServerBuild>;
  mode: "development" | "production";
  bodyLimit: () => number;
}): RequestHandler {
  // Given a function, React Router derives its route tables (every path flattened,
  // ranked and compiled) again on every request, which cost more than a JSON
  // page's own work; in production the build never changes, so it is resolved
  // once. Development keeps the function: Vite reloads the build on edits.
  let handle: ReturnType<typeof createRequestHandler> = createRequestHandler(options.build, options.mode);
  if (options.mode === "production") {
    let once: Promise<ReturnType<typeof createRequestHandler>> | undefined;
    handle = async (request, context) => {
      once ??= options.build().then(
        (build) => createRequestHandler(build, "production"),
        (error: unknown) => {
          once = undefined; // tried again on the next request
          throw error;
        },
      );
      return (await once)(request, context);
    };
  }
  return async (req, res, next) => {
    try {
      const url = requestUrl(req);
      if (!url) return plainAnswer(req, res, 400, "Bad request", "The request's address is malformed.");
      const request = reactRouterRequest(req, res, url, options.bodyLimit());
      const response = await handle(request, { cspNonce: cspNonce(res) });
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
