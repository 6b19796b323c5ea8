// React Router's default Node entry, plus the Content-Security-Policy nonce:
// every inline script React Router or React writes (hydration data, the route
// manifest, scroll restoration, Suspense chunks) carries this response's nonce,
// the only inline scripts the policy lets run (app/server/security-headers.server.ts).
// Unlike the default, a page is answered whole once rendered, as bots always were,
// and its scripts start after its first photo has arrived (first-photo-first.server.ts), unless
// SCRIPTS_AFTER_FIRST_PHOTO=false.
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, ServerInstrumentation } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { env } from "~/env.server";
import { firstPhotoFirst } from "~/server/first-photo-first.server";
import { noteRequestRoute, requestLog } from "~/base/logger.server";

export const streamTimeout = 5_000;

/** React Router tells the request log the pattern of the route it matched: the line names it, never the address. */
export const instrumentations: ServerInstrumentation[] = [
  {
    route(route) {
      const note = async (handler: () => Promise<unknown>, { pattern }: { pattern: string }) => {
        noteRequestRoute(pattern);
        await handler();
      };
      route.instrument({ loader: note, action: note });
    },
  },
];

/** Errors of loaders, actions and rendering go to the request's log (its id, which its line names the route of). */
export function handleError(error: unknown, { request }: { request: Request }) {
  // A request the client gave up on is not an error of the site; a refusal (404, 503) is an answer, logged as one.
  if (request.signal.aborted) return;
  const internal = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : error;
  if (!internal || (isRouteErrorResponse(error) && error.status < 500)) return;
  requestLog().error({ err: internal, method: request.method }, "Unexpected error");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext?.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The status as it stood when the shell was ready: what a streamed answer would have carried.
    let status = responseStatusCode;

    // Abort the render after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          status = responseStatusCode;
        },
        // No loader defers data, so the whole page is ready a moment after its shell (the full-screen
        // viewer's lazy chunk is the only thing that suspends). Sent as one piece, the page skips the
        // per-chunk trip through a Node stream, a web stream and a compression flush that streaming
        // its 4 KB pieces cost: about a twentieth of a grid page's CPU (docs/performance.md).
        onAllReady() {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set("Content-Type", "text/html");
              // The rendered bytes as they are, never decoded and encoded again (a string body would be, twice).
              const rendered = Buffer.concat(chunks);
              const page = env().scriptsAfterFirstPhoto ? firstPhotoFirst(rendered, nonce) : rendered;
              resolve(new Response(page, { headers: responseHeaders, status }));
              done();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by handleDocumentRequest; these are a boundary's own.
          if (shellRendered) requestLog().error({ err: error }, "Rendering failed after the answer started");
        },
      },
    );
  });
}
