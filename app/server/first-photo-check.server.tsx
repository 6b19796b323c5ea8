// Whether the installed React Router still writes what firstPhotoFirst rewrites: a page of one
// route rendered by it around its own <Scripts>, which the server reads once at start
// (checkFirstPhotoFirst) and the rewrite's test runs on (docs/decisions/009).
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { renderToPipeableStream } from "react-dom/server";
import { createRequestHandler, Scripts, ServerRouter, type EntryContext, type ServerBuild } from "react-router";
import { env } from "~/env.server";
import { moduleScriptOf } from "./first-photo-first.server";
import { logger } from "~/base/logger.server";

const NO_HANDLERS = {
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
};

function ProbePage() {
  return (
    <html lang="en">
      <body>
        <img src="/media/photos/1/thumb" alt="" fetchPriority="high" />
        <Scripts />
      </body>
    </html>
  );
}

/** The probe's HTML as React Router renders it (with this nonce on its scripts), before any rewrite. */
export async function renderScriptsProbe(nonce: string): Promise<string> {
  const build: ServerBuild = {
    entry: {
      module: {
        // As entry.server.tsx renders a page: whole, once every boundary is ready.
        default: (request: Request, status: number, headers: Headers, context: EntryContext) =>
          new Promise<Response>((resolve, reject) => {
            const { pipe } = renderToPipeableStream(
              <ServerRouter context={context} url={request.url} nonce={nonce} />,
              {
                nonce,
                onAllReady() {
                  const body = new PassThrough();
                  pipe(body);
                  text(body).then((html) => resolve(new Response(html, { status, headers })), reject);
                },
                onShellError: reject,
              },
            );
          }),
      },
    },
    routes: { root: { id: "root", path: "", module: { default: ProbePage } } },
    assets: {
      entry: { module: "/assets/entry.client.js", imports: ["/assets/chunk.js"] },
      routes: {
        root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/page.js"], ...NO_HANDLERS },
      },
      url: "/assets/manifest.js",
      version: "probe",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    // As react-router.config.ts.
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    // The manifest is a module of its own, as our config asks.
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  };
  const response = await createRequestHandler(build, "production")(new Request("http://localhost/"));
  return response.text();
}

/** What the log says when the rewrite finds nothing to rewrite (pages are then sent as React Router wrote them). */
export const SCRIPTS_NOT_RECOGNISED =
  "React Router's <Scripts> output is not what first-photo-first.server.ts rewrites: pages are sent with their " +
  "scripts as React Router wrote them (docs/decisions/009 says what to check after an upgrade)";

/** At start, once: a warning in the log when the installed React Router's pages would not be rewritten. */
export async function checkFirstPhotoFirst(render = renderScriptsProbe, log = logger()): Promise<boolean> {
  if (!env().scriptsAfterFirstPhoto) return true;
  try {
    if (moduleScriptOf(Buffer.from(await render("probe")))) return true;
    log.warn(SCRIPTS_NOT_RECOGNISED);
  } catch (error) {
    log.warn({ err: error }, SCRIPTS_NOT_RECOGNISED);
  }
  return false;
}
