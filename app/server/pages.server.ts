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
import type { RootFailure } from "~/lib/root-failure";
import { DomainError } from "~/services/errors.server";
import { requestLog } from "~/base/logger.server";
import { asRefusal, refusalPage } from "./refusals.server";

/** Marks a loader or action written with page() or apiRoute (the route modules' test asks for it). */
export const WRITTEN_AT_EDGE = Symbol("written with page() or apiRoute");

export function page<Args, Result>(handler: (args: Args) => Promise<Result>): (args: Args) => Promise<Result> {
  const answered = async (args: Args) => {
    try {
      return await handler(args);
    } catch (error) {
      throw asPageError(error);
    }
  };
  return Object.assign(answered, { [WRITTEN_AT_EDGE]: true });
}

/** A refusal (an outage too) as the error boundary's response; anything else unchanged. */
export function asPageError(error: unknown): unknown {
  const refusal = asRefusal(error);
  return refusal ? refusalPage(refusal) : error;
}

/**
 * The root loader's own failure as an answer its error boundary can draw the
 * shell with (it has no loader data): the status and message of a refusal
 * (503 when the database is not answering), or a 500 with no internals for
 * anything else (logged here, as React Router would have), with the site title.
 */
export function rootFailure(thrown: unknown, siteTitle: string): unknown {
  if (thrown instanceof Response) return thrown; // a redirect, or an answer someone made on purpose
  const refusal = asRefusal(thrown) ?? new UnexpectedError();
  if (refusal instanceof UnexpectedError) requestLog().error({ err: thrown }, "The root loader failed");
  const body: RootFailure = { siteTitle, message: refusal.message };
  return refusalPage(refusal, body);
}

/** What the root says of a failure of ours: a 500 without its internals. */
class UnexpectedError extends DomainError {
  constructor() {
    super(500, "Something went wrong on our side.");
  }
}
