// When the root loader itself fails (the database not answering), the root's
// error boundary has no loader data to draw the shell with. The loader's
// failure answer then carries the site title (app/server/pages.server.ts,
// rootFailure): `{ siteTitle, message }`.
import { isRouteErrorResponse } from "react-router";

export type RootFailure = { siteTitle: string; message: string };

/** The site title a failed root loader's answer carries, if this is one. */
export function siteTitleOfFailure(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const data: unknown = error.data;
  if (data && typeof data === "object" && "siteTitle" in data && typeof data.siteTitle === "string")
    return data.siteTitle;
  return null;
}
