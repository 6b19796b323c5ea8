// The JavaScript a page loads first, from the build's React Router manifest:
// the client entry and its imports, the manifest itself, and the module and
// static imports of each route the page matches (what the HTML lists as
// modulepreload). Chunks fetched later by import() (the full-screen viewer, the
// owner's tools) and the routes a page's links lead to are not in it. Sizes are gzip at the
// server's level (compression's default, zlib's 6), each file counted once.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The script budget (docs/performance.md): at most 100 KB of script (gzip) on the first load of a page a member opens on a meeting night. */
export const SCRIPT_BUDGET_BYTES = 100 * 1024;

/** The pages of a meeting night, by the routes they match (app/routes.ts). */
export const MEETING_NIGHT_PAGES = [
  { name: "home page", route: "routes/home" },
  { name: "/browse", route: "routes/browse" },
  { name: "/comments", route: "routes/comments" },
  { name: "a member's gallery", route: "routes/members/gallery" },
  // The grid's route with its photo's child route (app/routes.ts).
  { name: "the photo detail (/browse/{id})", route: "routes/browse", child: "browse-photo" },
  { name: "the meeting page", route: "routes/meetings/meeting" },
  { name: "the upload page", route: "routes/upload" },
] as const;

type ManifestRoute = { module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export type PageScripts = { name: string; files: string[]; bytes: number; framework: number };

export function readManifest(clientDir: string): { manifest: Manifest; url: string } {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: run npm run build`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return {
    manifest: JSON.parse(text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as Manifest,
    url: `/assets/${file}`,
  };
}

/** Each meeting-night page's first-load scripts and their gzip bytes; `framework` is React's and React Router's share. */
export function pageScripts(clientDir: string): PageScripts[] {
  const { manifest, url } = readManifest(clientDir);
  const gzip = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gzip.has(file)) gzip.set(file, zlib.gzipSync(fs.readFileSync(path.join(clientDir, file))).length);
    return gzip.get(file)!;
  };
  const framework = [manifest.entry.module, ...manifest.entry.imports].reduce((sum, file) => sum + sizeOf(file), 0);
  return MEETING_NIGHT_PAGES.map((page) => {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports, url]);
    for (const id of ["root", page.route, ...("child" in page ? [page.child] : [])]) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`No route ${id} in the manifest`);
      files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
    }
    const list = [...files];
    return { name: page.name, files: list, bytes: list.reduce((sum, file) => sum + sizeOf(file), 0), framework };
  });
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The figures of the script budget, each page beside its target (printed by npm run bench and bench:pages). */
export function scriptBudgetFigures(clientDir = path.resolve("build/client")) {
  return pageScripts(clientDir).map((page) => ({
    name: page.name,
    value: `${kib(page.bytes)} (${page.files.length} files; React and React Router ${kib(page.framework)}, the page's own ${kib(page.bytes - page.framework)})`,
    target: `<= ${kib(SCRIPT_BUDGET_BYTES)}`,
    pass: page.bytes <= SCRIPT_BUDGET_BYTES,
  }));
}
