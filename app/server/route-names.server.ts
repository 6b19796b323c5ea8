// The pattern of the route a request target reaches (`/invites/:inviteId`), for
// the log's line of a request no loader or action saw (a 405, a refusal before
// React Router): the others are named by React Router itself (entry.server.tsx).
// A name is a pattern of the table, never the address, so no token of a path or
// query reaches the log however the address was spelled. Matched by React
// Router's matchRoutes on the build's route table, the URL built as its adapter does.
import { matchRoutes, type RouteObject } from "react-router";

/** The route table as the server build carries it (`build.routes`). */
export type BuildRoutes = Record<string, { id: string; parentId?: string; path?: string; index?: boolean } | undefined>;

/** A request target that is no address, or whose path does not decode (each a 400). */
export const MALFORMED = "(malformed)";

type Named = RouteObject & { pattern: string };

function tree(routes: BuildRoutes, parentId: string | undefined, parentPattern: string): Named[] {
  return Object.values(routes).flatMap((route): Named[] => {
    if (!route || route.parentId !== parentId) return [];
    const pattern = route.path ? `${parentPattern.replace(/\/$/, "")}/${route.path}` : parentPattern || "/";
    if (route.index) return [{ index: true, path: route.path, pattern }];
    return [{ path: route.path, pattern, children: tree(routes, route.id, pattern) }];
  });
}

/** A function naming each request target by the pattern of the route it reaches. */
export function routeNames(routes: BuildRoutes): (target: string) => string {
  const table = tree(routes, undefined, "");
  return (target) => {
    let pathname: string;
    try {
      // As React Router's Express adapter builds the request's URL (dot segments and backslashes resolved).
      pathname = new URL(`http://club.invalid${target}`).pathname;
      // matchRoutes would warn on the console, address and all, of a path that does not decode.
      decodeURIComponent(pathname);
    } catch {
      return MALFORMED;
    }
    // A data request (`/x.data`, `/_root.data` for the home page) is named after its page's route.
    const data = pathname.endsWith(".data");
    if (pathname === "/_root.data") return "/_root.data";
    if (data) pathname = pathname.slice(0, -".data".length);
    const matches = matchRoutes(table, pathname);
    const leaf = matches?.[matches.length - 1]?.route as Named | undefined;
    if (!leaf) return "(no route)";
    return data ? `${leaf.pattern}.data` : leaf.pattern;
  };
}
