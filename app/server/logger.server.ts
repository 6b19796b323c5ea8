// The server's log (pino): one line per request with its id, status and time,
// and errors with the id of the request they happened in. JSON lines in
// production (for journald, Docker or any log shipper); readable lines in
// development (pino-pretty, a dev dependency, when it is installed).
//
// Nothing secret reaches a line: requests are logged by method and path only
// (no headers, so no cookies or authorization), the path's tokens (set-up,
// reset and invite links, calendar feeds, upload targets) and secret-looking
// query values are replaced by [redacted] however the address is spelled
// (redact-url.server.ts; error messages too), and the fields below are
// censored wherever they appear in a logged object.
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { createRequire } from "node:module";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import pino, { type DestinationStream, type Logger } from "pino";
import { pinoHttp } from "pino-http";
import { REDACTED, redactUrl, redactUrlsIn } from "./redact-url.server";

export { redactUrl } from "./redact-url.server";

// Censored wherever they appear in what is logged (an error's properties, a context object).
const REDACT_PATHS = [
  "password",
  "newPassword",
  "currentPassword",
  "passwordConfirmation",
  "token",
  "cookie",
  "authorization",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.passwordConfirmation",
  "*.token",
  "*.cookie",
  "*.authorization",
  "*.headers.cookie",
  "*.headers.authorization",
  'headers["set-cookie"]',
  "err.params",
  "err.parameters",
  "err.cause.params",
  "err.cause.parameters",
];

/** An error as logged: its type, message and stack, without a failed query's parameters or a path's secret. */
function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  // Drizzle's message repeats the query's parameters (a password hash, a token's hash): keep the SQL only.
  // A message may quote the address (React Router's "No route matches URL ..."), or a path segment alone
  // (Express's "Failed to decode param 'abc%E0'", which could be a token's): redacted like the request line.
  const strip = (value: unknown) =>
    typeof value === "string"
      ? redactUrlsIn(
          value.replace(/\nparams: [\s\S]*$/, "").replace(/(Failed to decode param ')[^'\n]*'/g, `$1${REDACTED}'`),
        )
      : value;
  if (serialized && typeof serialized === "object") {
    serialized.message = strip(serialized.message);
    serialized.stack = strip(serialized.stack);
    delete serialized.params;
    delete serialized.parameters;
  }
  return serialized;
}

type Sink = { write(line: string): void };

// Where lines go: stdout, or (tests) a sink of the caller's. Kept on globalThis so
// the Vite-loaded app and server.ts share one log in development.
const holder = globalThis as typeof globalThis & {
  __clubLogger?: Logger;
  __clubLogSink?: Sink;
  __clubRequestLog?: AsyncLocalStorage<Logger>;
};

const switchable: DestinationStream = {
  write(line: string) {
    (holder.__clubLogSink ?? process.stdout).write(line);
  },
};

function prettyStream(): DestinationStream | null {
  try {
    const require = createRequire(import.meta.url);
    const pretty = require("pino-pretty") as (options: object) => DestinationStream;
    return pretty({
      colorize: process.stdout.isTTY,
      translateTime: "HH:MM:ss.l",
      ignore: "pid,hostname,req,res,responseTime,reqId",
      // The request id's first characters are enough to follow one request by eye.
      messageFormat: (line: Record<string, unknown>, key: string) =>
        line.reqId ? `${String(line[key])} [${String(line.reqId).slice(0, 8)}]` : String(line[key]),
      destination: 1,
      sync: true,
    });
  } catch {
    return null; // not installed (a production install): JSON lines it is
  }
}

function createLogger(): Logger {
  const nodeEnv = process.env.NODE_ENV ?? "development";
  const level = process.env.LOG_LEVEL || (nodeEnv === "test" ? "warn" : "info");
  const pretty = nodeEnv === "development" && !holder.__clubLogSink ? prettyStream() : null;
  return pino(
    {
      level,
      base: { pid: process.pid },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: serializeError, error: serializeError },
    },
    pretty ?? switchable,
  );
}

/** The process's log. */
export function logger(): Logger {
  holder.__clubLogger ??= createLogger();
  return holder.__clubLogger;
}

/** Sends the log's lines to `sink` (undefined: back to stdout), at `level`. For tests of the log itself. */
export function logTo(sink: Sink | undefined, level?: pino.LevelWithSilent) {
  holder.__clubLogSink = sink;
  if (level) logger().level = level;
}

holder.__clubRequestLog ??= new AsyncLocalStorage<Logger>();
const requestLogs = holder.__clubRequestLog;

/** The log of the request being answered (its lines carry the request id), else the process's log. */
export function requestLog(): Logger {
  return requestLogs.getStore() ?? logger();
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** "GET /browse 200 12 ms", or "... aborted after 8001 ms" when the client went away first. */
function requestLine(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, ms: number) {
  const target = `${req.method} ${redactUrl(req.originalUrl ?? req.url ?? "")}`;
  return res.writableFinished
    ? `${target} ${res.statusCode} ${Math.round(ms)} ms`
    : `${target} aborted after ${Math.round(ms)} ms`;
}

/**
 * One line per request once it is answered: method, path (redacted), status,
 * milliseconds and the request id, which the answer carries too (X-Request-Id)
 * so a member's report can be matched with the log. A request id sent by a
 * proxy the site trusts is kept. Every line logged while the request is
 * answered carries its id (requestLog()).
 */
export function requestLogger(options: { trustRequestId?: (req: IncomingMessage) => boolean } = {}): RequestHandler {
  const http = pinoHttp({
    logger: logger(),
    quietReqLogger: true,
    customAttributeKeys: { reqId: "reqId" },
    genReqId(req, res) {
      const given = req.headers["x-request-id"];
      const id =
        typeof given === "string" && REQUEST_ID.test(given) && options.trustRequestId?.(req)
          ? given
          : crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // /healthz is polled by monitors: no line per poll (a part that is down is logged by the check).
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { originalUrl?: string }) => ({
        method: req.method,
        url: redactUrl(req.originalUrl ?? req.url ?? ""),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: serializeError,
    },
    customLogLevel(_req, res, error) {
      if (!res.writableFinished) return "warn";
      if (error || res.statusCode >= 500) return "error";
      // A refusal (404, 403, 422, 429) is the site working as it should: an answer like any other.
      return "info";
    },
    customSuccessMessage: requestLine,
    // pino-http passes the response time as a fourth argument its types do not declare.
    customErrorMessage: ((req: IncomingMessage, res: ServerResponse, _error: Error, ms: number) =>
      requestLine(req, res, ms)) as (req: IncomingMessage, res: ServerResponse, error: Error) => string,
    // A 5xx without a thrown error needs no made-up error and stack: the status says it.
    customErrorObject: (_req, _res, error, line) =>
      /^failed with status code \d+$/.test(error.message) ? { ...line, err: undefined } : line,
  });
  return (req, res, next) => {
    http(req, res);
    requestLogs.run(req.log, next);
  };
}
