// Part of npm run build: server.ts compiled to build/server.js, so the running
// site is plain Node. Run through tsx, the server carried tsx's loader thread and
// esbuild's service process, about 100 MB of a small server's memory (npm run bench,
// "memory"). Packages stay in node_modules; only the project's own modules are bundled.
import * as esbuild from "esbuild";

await esbuild.build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
