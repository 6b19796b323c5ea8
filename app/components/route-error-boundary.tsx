// The error boundary of every page route: a refusal inside a page (404, 403,
// 410...) is shown inside the site's shell, with the navbar and footer kept
// (the root's loader data is still there), a message for people and a way on.
// Errors nobody foresaw reach the root's 'Unexpected Application Error!' screen.
//
//   export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { PageTitle } from "./page-title";

const MESSAGES: Record<number, { title: string; text: string }> = {
  401: { title: "Please log in", text: "This page is for the club's members." },
  403: { title: "Not allowed", text: "You are not allowed to see or do this." },
  404: { title: "Not found", text: "There is nothing at this address. It may have been moved or deleted." },
  410: { title: "Gone", text: "This is no longer available." },
  413: { title: "Too large", text: "What you sent is larger than the site accepts." },
  429: { title: "Too many attempts", text: "Please wait a minute and try again." },
  503: { title: "Not available", text: "Part of the site is not answering. Please try again in a minute." },
};

export function RouteErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) throw error;
  const known = MESSAGES[error.status];
  const title = known?.title ?? error.statusText ?? "Error";
  // A service's own words (e.g. 'Photo not found.') say more than the generic text.
  const detail = typeof error.data === "string" && error.data && error.data !== error.statusText ? error.data : null;
  return (
    <section className="error-screen narrow" role="alert">
      <PageTitle>{title}</PageTitle>
      <h1>{title}</h1>
      <p>{detail ?? known?.text ?? "Something went wrong."}</p>
      <p className="muted">
        {error.status} {error.statusText}
      </p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
