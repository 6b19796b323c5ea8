// React Router's default Node entry, plus the Content-Security-Policy nonce:
// every inline script React Router or React writes (hydration data, the route
// manifest, scroll restoration, streamed Suspense chunks) carries this
// response's nonce, the only inline scripts the policy lets run
// (app/server/security-headers.server.ts).
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { redactUrl, requestLog } from "~/server/logger.server";

export const streamTimeout = 5_000;

/** Errors of loaders, actions and rendering go to the request's log (its id, the redacted path). */
export function handleError(error: unknown, { request }: { request: Request }) {
  // A request the client gave up on is not an error of the site; a refusal (404, 503) is an answer, logged as one.
  if (request.signal.aborted) return;
  const internal = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : error;
  if (!internal || (isRouteErrorResponse(error) && error.status < 500)) return;
  const url = new URL(request.url);
  requestLog().error(
    { err: internal, method: request.method, url: redactUrl(url.pathname + url.search) },
    "Unexpected error",
  );
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
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content before the answer starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the render after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout so the closure (and its memory) is not kept.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by handleDocumentRequest; these are streamed ones.
          if (shellRendered) requestLog().error({ err: error }, "Rendering failed after the answer started");
        },
      },
    );
  });
}
