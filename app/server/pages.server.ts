// The one way a page's loader or action meets a service's refusal: wrapped in
// `page(...)`, a DomainError becomes a response with its status, which the
// route's error boundary shows inside the site's shell (404 'Not Found', 403
// 'Not allowed', ...). Redirects and other responses pass through.
//
//   export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
//     const viewer = await currentMember(request);
//     const photoId = idParam("Photo not found.")(params.photoId);
//     return { photo: await getPhoto(viewer, photoId) };
//   });
import { data } from "react-router";
import type { RootFailure } from "~/lib/root-failure";
import { DomainError } from "~/services/errors.server";
import { HttpError } from "./http.server";
import { requestLog } from "./logger.server";
import { refusalOf } from "./outages.server";

/** The status text a page shows for each refusal the services raise. */
export const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export function page<Args, Result>(handler: (args: Args) => Promise<Result>): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      throw asPageError(error);
    }
  };
}

/** A refusal as the error boundary's response; anything else unchanged. */
export function asPageError(error: unknown): unknown {
  if (error instanceof DomainError || error instanceof HttpError) {
    return data(error.message, {
      status: error.status,
      statusText: STATUS_TEXT[error.status] ?? "Error",
      headers: error.headers,
    });
  }
  return error;
}

/**
 * The root loader's own failure as an answer its error boundary can draw the
 * shell with (it has no loader data): the status and message of a refusal
 * (503 when the database is not answering), or a 500 with no internals for
 * anything else (logged here, as React Router would have), with the site title.
 */
export function rootFailure(thrown: unknown, siteTitle: string): unknown {
  if (thrown instanceof Response) return thrown; // a redirect, or an answer someone made on purpose
  // The database not answering (the member's session is read first) is a 503 refusal (outages.server.ts).
  const error = refusalOf(thrown);
  const refusal = error instanceof DomainError || error instanceof HttpError ? error : null;
  if (!refusal) requestLog().error({ err: error }, "The root loader failed");
  const status = refusal?.status ?? 500;
  const body: RootFailure = { siteTitle, message: refusal?.message ?? "Something went wrong on our side." };
  return data(body, { status, statusText: STATUS_TEXT[status] ?? "Error", headers: refusal?.headers });
}
