// npm start runs this first: build when the sources are newer than the build.
// Plain JavaScript so it runs before anything is compiled.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// Both halves: the React Router bundle and the server (scripts/build-server.mjs).
const builds = ["build/server/index.js", "build/server.js"];
const sources = ["app", "db", "public", "server.ts", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

const buildTime = Math.min(...builds.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
if (buildTime < Math.max(...sources.map(newestMtime))) {
  console.log("Building the site...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
