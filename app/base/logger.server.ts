// The server's log (pino): one line per request with its id, route, client,
// status and time, and errors with the id of the request they happened in.
// JSON lines in production (for journald, Docker or any log shipper); readable
// lines in development (pino-pretty, a dev dependency, when it is installed).
//
// Nothing secret reaches a line: a request is named by the pattern of the route
// it matched (route-names.server.ts), never its address, so no token of a path
// or a query is written; no header is logged (so no cookie or authorization);
// and the fields below are censored wherever they appear in a logged object.
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { createRequire } from "node:module";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import pino, { type DestinationStream, type Logger } from "pino";
import { pinoHttp } from "pino-http";

const REDACTED = "[redacted]";

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

/** An error as logged: its type, message and stack, without a failed query's parameters or a path's segment. */
export function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  // Drizzle's message repeats the query's parameters (a password hash, a token's hash): keep the SQL only.
  // Express's "Failed to decode param 'abc%E0'" quotes a path segment, which could be a token.
  const strip = (value: unknown) =>
    typeof value === "string"
      ? value.replace(/\nparams: [\s\S]*$/, "").replace(/(Failed to decode param ')[^'\n]*'/g, `$1${REDACTED}'`)
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
  __clubRequestLog?: AsyncLocalStorage<Answering>;
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

/** What a request's line says besides its status and time: learnt as it is answered. */
type Answering = {
  log: Logger;
  client: string;
  /** A data request (`/x.data`), which the line names after its page's route. */
  data: boolean;
  /** The pattern of the route React Router matched (noteRequestRoute), when one of its loaders or actions ran. */
  route?: string;
  /** Why it was refused, when a part the site needs was not answering (noteRequestCause). */
  cause?: string;
};

holder.__clubRequestLog ??= new AsyncLocalStorage<Answering>();
const answering = holder.__clubRequestLog;
const ANSWERING = Symbol("answering");
type Logged = IncomingMessage & { originalUrl?: string; route?: { path?: unknown }; [ANSWERING]?: Answering };

/** The log of the request being answered (its lines carry the request id), else the process's log. */
export function requestLog(): Logger {
  return answering.getStore()?.log ?? logger();
}

/** The pattern of the route React Router matched for the request being answered (`invites/:inviteId`). */
export function noteRequestRoute(pattern: string) {
  const request = answering.getStore();
  if (request) request.route ??= pattern.startsWith("/") ? pattern : `/${pattern}`;
}

/**
 * Why the request being answered was refused (an outage's driver message), for its one line. False
 * outside a request, where the caller logs a line of its own. The first cause noted stands.
 */
export function noteRequestCause(cause: string): boolean {
  const request = answering.getStore();
  if (!request) return false;
  request.cause ??= cause;
  return true;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export type RequestLogOptions = {
  /** The pattern of the route a target reaches (route-names.server.ts), for a request no route module saw. */
  routeOf: (target: string) => string;
  /** The client's address as the app trusts it (a proxy's word only from one TRUST_PROXY names). */
  clientOf?: (req: IncomingMessage) => string;
  /** Whether an X-Request-Id the request carries comes from a proxy the site trusts. */
  trustRequestId?: (req: IncomingMessage) => boolean;
};

/**
 * One line per request once it is answered: method, route pattern, status,
 * milliseconds, client address and, for a refusal that has one, its cause;
 * and the request id, which the answer carries too (X-Request-Id) so a
 * member's report can be matched with the log. /healthz, polled by monitors,
 * has no line (health.server.ts logs a part's change of state).
 */
export function requestLogger(options: RequestLogOptions): RequestHandler {
  /** The route as React Router matched it, else as Express did (its own routes), else matched here. */
  const routeOf = (req: Logged): string => {
    const facts = req[ANSWERING];
    const express = typeof req.route?.path === "string" && !req.route.path.includes("*") ? req.route.path : null;
    const matched = facts?.route ?? express;
    if (!matched) return options.routeOf(req.originalUrl ?? req.url ?? "");
    return facts?.data ? (matched === "/" ? "/_root.data" : `${matched}.data`) : matched;
  };
  const described = (req: Logged) => ({ method: req.method, route: routeOf(req), client: req[ANSWERING]?.client });

  /** "GET /invites/:inviteId 200 12 ms 203.0.113.9", "... aborted after 8001 ms ...", then a refusal's cause. */
  const requestLine = (req: Logged, res: ServerResponse, ms: number) => {
    const facts = req[ANSWERING];
    const outcome = res.writableFinished
      ? `${res.statusCode} ${Math.round(ms)} ms`
      : `aborted after ${Math.round(ms)} ms`;
    return `${req.method} ${routeOf(req)} ${outcome} ${facts?.client ?? "?"}${facts?.cause ? `: ${facts.cause}` : ""}`;
  };

  const http = pinoHttp({
    logger: logger(),
    quietReqLogger: true,
    quietResLogger: true,
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
    wrapSerializers: false,
    serializers: {
      req: (value: unknown) => value,
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: serializeError,
    },
    customLogLevel(req, res, error) {
      // /healthz is polled by monitors: no line per poll.
      if ((req as Logged).route?.path === "/healthz") return "silent";
      if (!res.writableFinished) return "warn";
      // An outage's 503 is the site answering as it should while a part is away: its cause is on the line.
      if ((req as Logged)[ANSWERING]?.cause) return "warn";
      if (error || res.statusCode >= 500) return "error";
      // A refusal (404, 403, 422, 429) is the site working as it should: an answer like any other.
      return "info";
    },
    customSuccessMessage: requestLine,
    customSuccessObject: (req, _res, line) => ({ ...line, req: described(req) }),
    // pino-http passes the response time as a fourth argument its types do not declare.
    customErrorMessage: ((req: Logged, res: ServerResponse, _error: Error, ms: number) =>
      requestLine(req, res, ms)) as (req: IncomingMessage, res: ServerResponse, error: Error) => string,
    // A 5xx without a thrown error needs no made-up error and stack: the status (and cause) says it.
    customErrorObject: (req, _res, error, line) => {
      const cause = (req as Logged)[ANSWERING]?.cause;
      const bare = /^failed with status code \d+$/.test(error.message);
      return { ...line, req: described(req), ...(bare ? { err: undefined } : {}), ...(cause ? { cause } : {}) };
    },
  });
  return (req, res, next) => {
    const facts: Answering = {
      log: logger(),
      client: options.clientOf?.(req) ?? req.socket.remoteAddress ?? "unknown",
      data: /\.data$/.test((req.originalUrl ?? req.url ?? "").split("?")[0]!),
    };
    (req as Logged)[ANSWERING] = facts;
    http(req, res);
    facts.log = req.log;
    answering.run(facts, next);
  };
}
