// Part of npm run build: server.ts compiled to build/server.js, so the running
// site is plain Node. Run through tsx, the server carried tsx's loader thread and
// esbuild's service process, about 100 MB of a small server's memory (npm run bench,
// "memory"). Packages stay in node_modules; only the project's own modules are bundled.
import * as esbuild from "esbuild";

// The member command is bundled too (build/user-create.js): the browser tests
// make about 30 members with it, and through tsx each run spent a second of CPU
// compiling before it did anything (0.55 s instead of 1.2 s a member, measured).
await esbuild.build({
  entryPoints: { server: "server.ts", "user-create": "scripts/user-create.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
