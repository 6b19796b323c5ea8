// The site's Express app on a real HTTP port inside the test process, so tests
// see exactly what a browser would: the security headers, the body guard, proxy
// headers, the root error screen. It is the built site (build/server/index.js,
// whose entry is app/server/app.ts) when the build is newer than every source,
// as in `npm test`, which builds first; else it is compiled from the sources the
// way `npm run dev` loads them (Vite's SSR module loader, which resolves React
// Router's virtual server build), about 7 s of CPU per test file. The global
// set-up decides (TEST_SITE_FROM=build or sources; set it to choose).
// Either way the site is a module graph of its own beside the test's: they
// share the database, the environment and what is kept on globalThis.
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createServer } from "vite";
import type { Env } from "~/env.server";
import { sharedResource } from "./shared-resource";

type ClubModule = typeof import("~/server/app");

export type HttpApp = {
  /** Serves an app made with these settings (by default the process's own) on a fresh port. */
  serve(config?: Partial<Env>): Promise<{ url: string; close: () => Promise<void> }>;
  club: ClubModule;
  close(): Promise<void>;
};

/** The site's module: built, or compiled from the sources by Vite (closed with `close`). */
async function loadSite(): Promise<{ club: ClubModule; close: () => Promise<void> }> {
  if (process.env.TEST_SITE_FROM === "build") {
    const club = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ClubModule;
    return { club, close: async () => {} };
  }
  const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), "club-vite-"));
  const vite = await createServer({
    // No HMR WebSocket: test files run side by side, and each would claim its fixed port.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
    cacheDir,
    logLevel: "error",
  });
  const club = (await vite.ssrLoadModule("./app/server/app.ts")) as ClubModule;
  return {
    club,
    close: async () => {
      await vite.close();
      await fs.rm(cacheDir, { recursive: true, force: true });
    },
  };
}

export async function startHttpApp(): Promise<HttpApp> {
  const { club, close: closeSite } = await loadSite();
  const { env } = club;
  const servers = new Set<http.Server>();

  async function serve(config: Partial<Env> = {}) {
    const app = Object.keys(config).length ? club.createClubApp({ ...env(), ...config }) : club.app;
    const server = http.createServer(app);
    servers.add(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const close = () =>
      new Promise<void>((resolve) => {
        servers.delete(server);
        server.closeAllConnections();
        server.close(() => resolve());
      });
    return { url: `http://127.0.0.1:${port}`, close };
  }

  return {
    serve,
    club,
    async close() {
      await Promise.all([...servers].map((server) => new Promise((resolve) => server.close(resolve))));
      await closeSite();
    },
  };
}

export type ServedApp = HttpApp & {
  /** Where the app with the process's own settings is served. */
  url: string;
};

/** The site for the file's tests, served on a port (`serve` serves it with other settings), closed after the last. */
export function useHttpApp(): ServedApp {
  return sharedResource(
    async () => {
      const http = await startHttpApp();
      const site = await http.serve();
      return { ...http, url: site.url, closeSite: site.close };
    },
    async ({ closeSite, close }) => {
      await closeSite();
      await close();
    },
  );
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string; at: number };

/**
 * Sends a request whose body the test controls: `declaredLength` goes in
 * Content-Length (none: chunked), and `body` is written in 64 KiB pieces only
 * until the server answers; the answer is taken as soon as it comes.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer;
    declaredLength?: number;
    /** Stop writing after this many bytes (without ending the request) and wait for the answer. */
    stopAfter?: number;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const headers: Record<string, string> = { ...options.headers };
    if (options.declaredLength !== undefined) headers["Content-Length"] = String(options.declaredLength);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? "POST",
        headers,
        agent: false,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body, at: performance.now() }),
        );
        response.on("error", reject);
      },
    );
    let answered = false;
    request.on("response", () => (answered = true));
    // Once answered, the server closing the connection under the rest of the body is expected.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const whole = options.body ?? Buffer.alloc(0);
    const body = options.stopAfter === undefined ? whole : whole.subarray(0, options.stopAfter);
    let offset = 0;
    const writeMore = () => {
      while (!answered && offset < body.length) {
        const piece = body.subarray(offset, offset + 64 * 1024);
        offset += piece.length;
        if (!request.write(piece)) return void request.once("drain", writeMore);
      }
      if (!answered && options.stopAfter === undefined) request.end();
    };
    writeMore();
  });
}
