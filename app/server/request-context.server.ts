// Facts about the HTTP request that React Router's Request object does not
// carry (the client's address, the origin its answer's links name), available
// to services for the whole request.
import { AsyncLocalStorage } from "node:async_hooks";

type RequestFacts = {
  clientAddress: string;
  /** The origin for the absolute URLs of this request's answer (public-origin.server.ts). */
  publicOrigin?: string;
};

const storage = new AsyncLocalStorage<RequestFacts>();

export function runWithRequestFacts<T>(facts: RequestFacts, fn: () => T): T {
  return storage.run(facts, fn);
}

export function clientAddress(): string {
  return storage.getStore()?.clientAddress ?? "unknown";
}

/** The origin app.ts decided for this request's answer, if inside one (publicOrigin() in public-origin.server.ts). */
export function answerOrigin(): string | undefined {
  return storage.getStore()?.publicOrigin;
}
