// npm start runs this first: build when the sources are newer than the build.
// Plain JavaScript so it runs before anything is compiled.
import { spawnSync } from "node:child_process";
import { buildIsFresh } from "./build-freshness.mjs";

if (!buildIsFresh()) {
  console.log("Building the site...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
