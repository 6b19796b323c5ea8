import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every page loads the whole route manifest (build/client/assets/manifest-*.js, about 3.5 KB gzip,
  // immutable, so once per build) instead of each page writing the part it needs into its HTML and the
  // browser asking /__manifest for the routes its links reach: per request that was the address matched
  // once more against every route, the part built and written twice escaped (4 KB of a grid page),
  // about 8 % of /browse's server CPU (docs/performance.md, the grid's third pass). The script budget
  // (bench/script-weight.ts) counted the manifest module on every page already.
  routeDiscovery: { mode: "initial" },
  // React Router 7's flags for what changes in v8, each set so the build and
  // `npm run dev` stop warning, with the reason (revisit them all when moving to v8):
  future: {
    // Adopted: splits a route's client-only exports into their own chunks; no
    // route has any (no clientLoader/clientAction/HydrateFallback), so nothing changes.
    v8_splitRouteModules: true,
    // Not yet: with middleware, the load context must be a RouterContextProvider;
    // ours is the plain `{ cspNonce }` the Express handler passes
    // (app/server/react-router-handler.server.ts, read by entry.server.tsx), and
    // no route uses middleware: guards and refusals live in loaders (page()).
    v8_middleware: false,
    // Not yet: `npm run dev` (server.ts) and the integration tests' site
    // (tests/support/http-app.ts) load the server build through
    // vite.ssrLoadModule, which the Environment API replaces with a module runner.
    v8_viteEnvironmentApi: false,
    // Not yet: loaders and actions would get the raw data request (`/x.data?_routes=`),
    // while the guards' 'from' address and the forms' returnTo read the page's own URL.
    v8_passThroughRequests: false,
    // Not yet: changes the data requests' URLs (trailing slashes), which
    // guards.server.ts's originalLocation turns back into the page's address.
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
