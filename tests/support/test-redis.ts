// The Redis the tests of the REDIS_URL paths use: TEST_REDIS_URL, else one on
// 127.0.0.1:6379 if it answers. The site needs no Redis, so `npm test` does not
// either: without one, those tests are skipped and the run says so once.
import net from "node:net";

const DEFAULT = "redis://127.0.0.1:6379";

/** Whether a Redis answers PING at `url` within a second. */
function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

/** For the run's global set-up: names the Redis in TEST_REDIS_URL for the workers, or leaves it unset. */
export async function findTestRedis() {
  const url = process.env.TEST_REDIS_URL || DEFAULT;
  if (await answers(url)) {
    process.env.TEST_REDIS_URL = url;
  } else {
    delete process.env.TEST_REDIS_URL;
    console.warn(`No Redis answers at ${url}: the tests of the REDIS_URL paths are skipped (set TEST_REDIS_URL).`);
  }
}

/** The tests' Redis, or undefined when none answered (skip with `describe.skipIf(!testRedisUrl())`). */
export const testRedisUrl = (): string | undefined => process.env.TEST_REDIS_URL || undefined;
