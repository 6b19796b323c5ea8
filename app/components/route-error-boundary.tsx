// The error boundary of every page route: a refusal inside a page (404, 403,
// 410...) is shown inside the site's shell, with the navbar and footer kept
// (the root's loader data is still there), a message for people and a way on.
// The root's own boundary shows the same screen for a refusal of the root
// loader (the database not answering), and keeps 'Unexpected Application
// Error!' for errors nobody foresaw.
//
//   export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
import { isRouteErrorResponse, Link, useRouteError, type ErrorResponse } from "react-router";
import { PageTitle } from "./page-title";

const MESSAGES: Record<number, { title: string; text: string }> = {
  401: { title: "Please log in", text: "This page is for the club's members." },
  403: { title: "Not allowed", text: "You are not allowed to see or do this." },
  404: { title: "Not found", text: "There is nothing at this address. It may have been moved or deleted." },
  405: { title: "Not possible here", text: "This address does not take that kind of request." },
  410: { title: "Gone", text: "This is no longer available." },
  413: { title: "Too large", text: "What you sent is larger than the site accepts." },
  429: { title: "Too many attempts", text: "Please wait a minute and try again." },
  500: { title: "Something went wrong", text: "Something went wrong on our side. Please try again in a minute." },
  503: { title: "Not available", text: "Part of the site is not answering. Please try again in a minute." },
};

/** The words an answer carries for people: a service's message (a string, or `{ message }`). */
function messageOf(data: unknown): string | null {
  if (typeof data === "string") return data || null;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return null;
}

/** A refusal as a page: its title, its message, its status with the real status text, and a way home. */
export function ErrorScreen({ error, siteTitle }: { error: ErrorResponse; siteTitle?: string }) {
  const known = MESSAGES[error.status];
  const title = known?.title ?? (error.statusText || "Error");
  // A service's own words (e.g. 'Photo not found.') say more than the generic text.
  const message = messageOf(error.data);
  const detail = message && message !== error.statusText ? message : null;
  return (
    <section className="error-screen narrow" role="alert">
      {/* The root's boundary names the site itself: when the root loader failed, PageTitle has no title to add. */}
      {siteTitle === undefined ? <PageTitle>{title}</PageTitle> : <title>{`${title} - ${siteTitle}`}</title>}
      <h1>{title}</h1>
      <p>{detail ?? known?.text ?? "Something went wrong."}</p>
      <p className="muted">{`${error.status} ${error.statusText}`.trim()}</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) throw error;
  return <ErrorScreen error={error} />;
}
