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
import { DomainError } from "~/services/errors.server";
import { HttpError } from "./http.server";

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
