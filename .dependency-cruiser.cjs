// The layers of ARCHITECTURE.md ("Layers"), as rules `npm run lint` checks: an import that runs
// the wrong way fails the lint. Type-only imports count (a component's `import type` of a service
// still ties the browser's code to the server's).
const LIB = "^app/lib/";
const BASE = "^app/base/";
const EDGE = "^app/(server|routes)/|^app/(root|routes|entry\\.server)\\.tsx?$";
const BROWSER = "^app/(components|realtime/browser)/";
// Code that runs only on the server: what a browser module may never import.
const SERVER_ONLY = ["\\.server\\.tsx?$", "^app/(services|server|base|storage|images|realtime/server)/", "^db/"];
// Everything below the HTTP edge: the domain and what it stands on.
const BELOW_EDGE = "^app/(services|images|storage|base|realtime/server)/|^db/";
const TESTS = "\\.test\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "lib-is-shared",
      comment: "app/lib is code both the browser and the server load: it imports only lib and packages.",
      severity: "error",
      from: { path: LIB, pathNot: TESTS },
      to: { path: ["^app/(?!lib/)", "^db/(?!schema\\.ts$)", "\\.server\\.tsx?$"] },
    },
    {
      name: "lib-reads-only-row-types",
      comment:
        "app/lib may name db/schema's row types (erased: nothing of the schema reaches the browser), never its values.",
      severity: "error",
      from: { path: LIB, pathNot: TESTS },
      to: { path: "^db/schema\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "lib-runs-in-the-browser",
      comment: "app/lib never imports Node's own modules: the browser loads it too.",
      severity: "error",
      from: { path: LIB, pathNot: TESTS },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "browser-imports-no-server-code",
      comment:
        "Components and the browser's realtime half import no *.server module, service, base or db, not even a type.",
      severity: "error",
      from: { path: BROWSER, pathNot: TESTS },
      to: { path: SERVER_ONLY },
    },
    {
      name: "below-the-edge",
      comment: "Services, images, storage, base, realtime's server half and db never import the HTTP edge or the UI.",
      severity: "error",
      from: { path: BELOW_EDGE, pathNot: TESTS },
      to: { path: [EDGE, BROWSER] },
    },
    {
      name: "base-is-the-floor",
      comment:
        "app/base (the log, the request's facts, Redis, the same-site rule) imports only app/lib, the settings (env.server.ts) and packages.",
      severity: "error",
      from: { path: BASE, pathNot: TESTS },
      to: { path: ["^app/(?!lib/|base/|env\\.server\\.ts$)", "^db/"] },
    },
    {
      name: "services-publish-not-push",
      comment: "Services tell realtime through publish (events.server.ts), never by importing it.",
      severity: "error",
      from: { path: "^app/services/", pathNot: TESTS },
      to: { path: "^app/realtime/" },
    },
    {
      name: "no-circular",
      comment: "No import cycle in app/ or db/.",
      severity: "error",
      from: { path: "^(app|db)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    exclude: { path: "^\\.react-router/|/\\+types/" },
    doNotFollow: { path: "node_modules" },
    // Count `import type` too, and resolve the ~/ and @db/ paths as TypeScript does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
