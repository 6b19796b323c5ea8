// A resource that a test file's tests share (a mail catcher, a socket server,
// the site on a port): started before the file's first test, stopped after its
// last, and reached meanwhile through a stand-in the file can hold from the
// start, so no file repeats the beforeAll/afterAll pair and its `let`.
import { afterAll, beforeAll } from "vitest";

export function forTheFile<T extends object>(
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
      if (!resource) throw new Error("The file's resource starts in beforeAll: use it in a test or a later hook.");
      const value: unknown = Reflect.get(resource, key, resource);
      return typeof value === "function" ? value.bind(resource) : value;
    },
  });
}
