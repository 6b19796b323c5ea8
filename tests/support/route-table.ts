// The app's route table (app/routes.ts) as a flat list of leaf routes with
// their modules, so suites can be generated from it: a route added to the
// table without its rows in the authorization matrix fails that suite. A grid
// whose photo is its child route is listed twice: the grid with the photo's
// parameter optional (its loader answers both addresses), and the photo (its action).
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";

export type LeafRoute = { path: string; file: string };

export function leafRoutes(entries: RouteConfigEntry[] = routes, parent = ""): LeafRoute[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    if (!entry.children?.length) return [{ path, file: entry.file }];
    const [photo, ...others] = entry.children;
    if (others.length || !photo?.path?.startsWith(":")) return leafRoutes(entry.children, path);
    return [{ path: `${path}/${photo.path}?`, file: entry.file }, ...leafRoutes([photo], path)];
  });
}

type RouteModule = { loader?: unknown; action?: unknown; default?: unknown };

/** The route module behind a leaf route, as React Router loads it. */
export async function loadRouteModule(route: LeafRoute): Promise<RouteModule> {
  const file = route.file.replace(/\.tsx?$/, "");
  return (await import(/* @vite-ignore */ `../../app/${file}`)) as RouteModule;
}
