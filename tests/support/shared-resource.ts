// A resource that the tests of a file, or of a describe block, share (a mail
// catcher, a socket server, the site on a port, the storage): started before
// the first test where it is called, stopped after the last, and reached
// meanwhile through a stand-in the tests can hold from the start, so no file
// repeats the beforeAll/afterAll pair and its `let`.
import { afterAll, beforeAll } from "vitest";

export function sharedResource<T extends object>(
  start: () => Promise<T>,
  stop: (resource: T) => Promise<void>,
  timeout?: number,
): T {
  let resource: T | undefined;
  beforeAll(async () => {
    resource = await start();
  }, timeout);
  afterAll(async () => {
    if (resource) await stop(resource);
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!resource) throw new Error("A shared resource starts in beforeAll: use it in a test or a later hook.");
      const value: unknown = Reflect.get(resource, key, resource);
      return typeof value === "function" ? value.bind(resource) : value;
    },
  });
}
