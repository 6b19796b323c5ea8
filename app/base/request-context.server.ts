// Facts about the HTTP request that React Router's Request object does not
// carry (the client's address, the origin its answer's links name, the body
// limit), kept for the whole request. Services are handed the client's address
// (routes read it from the load context, app.ts); only the image-processing
// gate, whose decoders are reached from deep inside a service, reads it here.
import { AsyncLocalStorage } from "node:async_hooks";

type RequestFacts = {
  clientAddress: string;
  /** The origin for the absolute URLs of this request's answer (public-origin.server.ts). */
  publicOrigin?: string;
  /** REQUEST_MAX_BYTES of the app answering (tests serve apps with other settings): no body is read past it. */
  bodyLimit?: number;
};

const storage = new AsyncLocalStorage<RequestFacts>();

export function runWithRequestFacts<T>(facts: RequestFacts, fn: () => T): T {
  return storage.run(facts, fn);
}

/** The client's address, for the image-processing gate (processing-gate.server.ts); pass it to services. */
export function clientAddress(): string {
  return storage.getStore()?.clientAddress ?? "unknown";
}

/** The origin app.ts decided for this request's answer, if inside one (publicOrigin() in public-origin.server.ts). */
export function answerOrigin(): string | undefined {
  return storage.getStore()?.publicOrigin;
}

/** The largest body this request may have read (body-limit.server.ts); none outside a request. */
export function requestBodyLimit(): number {
  return storage.getStore()?.bodyLimit ?? Infinity;
}

/**
 * This request's own object while it is answered (undefined outside one): what is
 * read once per request is kept under it (requestVersions in data-versions.server.ts).
 */
export function requestScope(): object | undefined {
  return storage.getStore();
}
