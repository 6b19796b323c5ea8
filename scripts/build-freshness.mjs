// Whether the built site (npm run build) is newer than every source it is made from.
// Plain JavaScript, so npm start (build-if-needed.mjs) can ask before anything is compiled,
// and the tests' global set-up can ask whether to load the built site instead of compiling it.
import fs from "node:fs";
import path from "node:path";

// Both halves: the React Router bundle and the server (scripts/build-server.mjs).
export const BUILDS = ["build/server/index.js", "build/server.js", "build/user-create.js"];
const SOURCES = [
  "app",
  "db",
  "public",
  "server.ts",
  "scripts",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

/** True when every part of the build exists and is newer than the newest source (under `root`). */
export function buildIsFresh(root = process.cwd()) {
  const at = (file) => path.join(root, file);
  const buildTime = Math.min(...BUILDS.map((file) => (fs.existsSync(at(file)) ? fs.statSync(at(file)).mtimeMs : 0)));
  return buildTime >= Math.max(...SOURCES.map((source) => newestMtime(at(source))));
}
