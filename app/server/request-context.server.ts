// Facts about the HTTP request that React Router's Request object does not
// carry (the client's address), available to services for the whole request.
import { AsyncLocalStorage } from "node:async_hooks";

type RequestFacts = { clientAddress: string };

const storage = new AsyncLocalStorage<RequestFacts>();

export function runWithRequestFacts<T>(facts: RequestFacts, fn: () => T): T {
  return storage.run(facts, fn);
}

export function clientAddress(): string {
  return storage.getStore()?.clientAddress ?? "unknown";
}
